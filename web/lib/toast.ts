// The one toast channel (docs/product.md, Messages for the texts, Constants for the timings). Components subscribe through
// <Toaster/>; anything may call toast.success/error/warning.
import { TOAST } from '../../shared/constants/messages';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

type Listener = (items: ToastItem[]) => void;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(items);
}

function show(kind: ToastKind, text: string): number {
  const id = nextId++;
  items = [...items.filter((item) => item.text !== text), { id, kind, text }].slice(-4);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(items);
  return () => listeners.delete(listener);
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
  timing: TOAST,
};
