// A small menu behind one button (a message's and a thread's actions, the header's account menu): Escape or a click
// elsewhere closes it, and choosing an entry closes it before the entry's action runs.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './menu-button.css';

export interface MenuItem {
  label: string;
  action: () => void;
}

interface Props {
  items: MenuItem[];
  /** What the button shows. */
  children: ReactNode;
  /** Names the button for a screen reader when what it shows says nothing (an icon). */
  label?: string;
  /** The class of the wrapper, the button and the list; the small icon menu's unless said. */
  classes?: { root: string; button: string; list: string };
  /** A further class on the wrapper. */
  className?: string;
}

const SMALL = { root: 'menu-button', button: 'icon-button', list: 'menu-button-list' };

export function MenuButton({ items, children, label, classes = SMALL, className }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onDocument);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onDocument);
    };
  }, [open]);
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root} ref={root}>
      <button
        type="button"
        className={classes.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {children}
      </button>
      {open && (
        <ul className={classes.list} role="menu" id={id}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  item.action();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
