import {
  closeModal,
  modalActions,
  openModal,
  showConfirm,
  showNotify,
  showWait,
} from './modal-store';

const api = { openModal, closeModal, showNotify, showConfirm, showWait, actions: modalActions };

/** The modal functions for components (they are plain functions; the hook is for discoverability). */
export function useModal(): typeof api {
  return api;
}
