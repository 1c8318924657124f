export {
  closeModal,
  currentModal,
  failModal,
  modalActions,
  navigationForAction,
  openModal,
  returnFocusAfterModal,
  showConfirm,
  showNotify,
  showWait,
  useModalStore,
  type ModalAction,
  type ModalEntry,
  type ModalExtra,
  type ModalOptions,
  type ModalType,
} from './modal-store';
// The host the root mounts: the dialog implementation (./ModalHost) loads with the first modal.
export { LazyModalHost as ModalHost } from './LazyModalHost';
export { notifyError } from './notify-error';
export { useModal } from './use-modal';
