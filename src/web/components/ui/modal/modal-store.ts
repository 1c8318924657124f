import { create } from 'zustand';

/**
 * The app's modal window (SPEC §4): confirm (Okay / Nope), notify (Okay) and wait (no buttons,
 * cannot be dismissed). Modals queue: one is shown at a time, the next appears when it closes.
 * Plain functions work outside React (e.g. from the API client); <ModalHost/> renders them.
 */
export type ModalType = 'confirm' | 'notify' | 'wait';

/** What Okay does (SPEC §4 "Okay depends on the modal's action"). */
export type ModalAction =
  | { kind: 'login' }
  | { kind: 'navigate'; to: string }
  | { kind: 'run'; run: () => void | Promise<void> }
  | { kind: 'none' };

/**
 * A way on from a notice, beside Okay (e.g. "Post saved!" → View post, Copy link): a link closes
 * the modal and goes there; a copy puts the text on the clipboard and says so, leaving it open.
 */
export type ModalExtra =
  { kind: 'link'; label: string; to: string } | { kind: 'copy'; label: string; text: string };

export interface ModalOptions {
  type: ModalType;
  message: string;
  title?: string;
  extras?: ModalExtra[];
  /** Runs on Okay, before `action`. */
  onOkay?: () => void | Promise<void>;
  action?: ModalAction;
}

export interface ModalEntry extends ModalOptions {
  id: number;
  resolve: (okay: boolean) => void;
  reject: (error: unknown) => void;
}

interface ModalState {
  queue: ModalEntry[];
}

export const useModalStore = create<ModalState>()(() => ({ queue: [] }));

let nextId = 1;

/**
 * What had focus when the first of the queued modals opened (the button that asked), read before
 * the dialog renders and takes focus — here, in the store, because the dialog itself is loaded on
 * demand and mounts only after its first modal is queued.
 */
let opener: Element | null = null;

/** The element to give focus back to once the last queued modal has closed (read once). */
export function takeModalOpener(): Element | null {
  const element = opener;
  opener = null;
  return element;
}

/**
 * Focus goes to `element` once the open modals have closed, instead of back to their opener (what
 * a failed action shows, e.g. a payment refusal appearing while the wait modal closes).
 */
export function returnFocusAfterModal(element: Element): void {
  opener = element;
}

function enqueue(options: ModalOptions): { id: number; promise: Promise<boolean> } {
  const id = nextId++;
  if (useModalStore.getState().queue.length === 0 && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener = active?.closest('[data-modal-type]') ? opener : active;
  }
  const promise = new Promise<boolean>((resolve, reject) => {
    const entry: ModalEntry = { ...options, id, resolve, reject };
    useModalStore.setState((s) => ({ queue: [...s.queue, entry] }));
  });
  return { id, promise };
}

/** Opens a modal; resolves true on Okay (after its action ran), false on Nope / dismissal. */
export function openModal(options: ModalOptions): Promise<boolean> {
  return enqueue(options).promise;
}

function take(id: number): ModalEntry | undefined {
  const entry = useModalStore.getState().queue.find((m) => m.id === id);
  if (entry) useModalStore.setState((s) => ({ queue: s.queue.filter((m) => m.id !== id) }));
  return entry;
}

/** Closes modal `id` and settles its promise with `okay`. */
export function closeModal(id: number, okay: boolean = false): void {
  take(id)?.resolve(okay);
}

/** Closes modal `id` and rejects its promise (its Okay action failed). */
export function failModal(id: number, error: unknown): void {
  take(id)?.reject(error);
}

/** The modal on screen, if any. */
export function currentModal(): ModalEntry | undefined {
  return useModalStore.getState().queue[0];
}

export function showNotify(
  message: string,
  action?: ModalAction,
  title?: string,
  extras?: ModalExtra[],
): Promise<boolean> {
  return openModal({ type: 'notify', message, action, title, extras });
}

export function showConfirm(
  message: string,
  action?: ModalAction,
  title?: string,
): Promise<boolean> {
  return openModal({ type: 'confirm', message, action, title });
}

/** Shows the wait modal; call the returned function to close it. */
export function showWait(message: string = 'Please wait…'): () => void {
  const { id } = enqueue({ type: 'wait', message });
  return () => closeModal(id, true);
}

/** The actions of SPEC §4, ready to pass as `action`. */
export const modalActions = {
  login: { kind: 'login' } as ModalAction,
  myProducts: { kind: 'navigate', to: '/my-posts' } as ModalAction,
  orders: { kind: 'navigate', to: '/orders' } as ModalAction,
  messages: { kind: 'navigate', to: '/messages' } as ModalAction,
  updateCartAmount: { kind: 'none' } as ModalAction,
  navigate: (to: string): ModalAction => ({ kind: 'navigate', to }),
  run: (run: () => void | Promise<void>): ModalAction => ({ kind: 'run', run }),
};

/** Where Okay should navigate for `action` (null: stay); `currentPath` is kept as redirectTo for login. */
export function navigationForAction(
  action: ModalAction | undefined,
  currentPath: string,
): string | null {
  if (!action) return null;
  if (action.kind === 'navigate') return action.to;
  if (action.kind === 'login') {
    return currentPath && currentPath !== '/' && !currentPath.startsWith('/login')
      ? `/login?redirectTo=${encodeURIComponent(currentPath)}`
      : '/login';
  }
  return null;
}
