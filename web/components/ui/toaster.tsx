// Renders toasts: 300 ms in, shown 5000 ms (+1000 ms once hovered), 1000 ms out (docs/product.md, Constants).
import { useEffect, useRef, useState } from 'react';
import { dismissToast, subscribeToasts, toast, type ToastItem } from '../../lib/toast';
import './toaster.css';

const ICONS: Record<ToastItem['kind'], string> = { success: '✓', error: '!', warning: '!', info: 'i' };

function Toast({ item }: { item: ToastItem }) {
  const [phase, setPhase] = useState<'in' | 'shown' | 'out'>('in');
  const hovered = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const shown = setTimeout(() => setPhase('shown'), toast.timing.showMs);
    timer.current = setTimeout(() => setPhase('out'), toast.timing.showMs + toast.timing.durationMs);
    return () => {
      clearTimeout(shown);
      clearTimeout(timer.current);
    };
  }, []);

  useEffect(() => {
    if (phase !== 'out') return;
    const gone = setTimeout(() => dismissToast(item.id), toast.timing.hideMs);
    return () => clearTimeout(gone);
  }, [phase, item.id]);

  const onEnter = () => {
    if (hovered.current || phase === 'out') return;
    hovered.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPhase('out'), toast.timing.hoverExtraMs);
  };

  return (
    <div className={`toast toast-${item.kind} toast-${phase}`} role={item.kind === 'error' ? 'alert' : 'status'} onMouseEnter={onEnter}>
      <span className="toast-icon" aria-hidden="true">
        {ICONS[item.kind]}
      </span>
      <span className="toast-text">{item.text}</span>
      <button type="button" className="toast-close" aria-label="Dismiss message" onClick={() => setPhase('out')}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  return (
    <div className="toaster" aria-live="polite">
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
