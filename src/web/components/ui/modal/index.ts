export {
  closeModal,
  currentModal,
  failModal,
  modalActions,
  navigationForAction,
  openModal,
  showConfirm,
  showNotify,
  showWait,
  useModalStore,
  type ModalAction,
  type ModalEntry,
  type ModalOptions,
  type ModalType,
} from './modal-store';
export { ModalHost } from './ModalHost';
export { notifyError } from './notify-error';
export { useModal } from './use-modal';
