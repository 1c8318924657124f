import { beforeEach, describe, expect, it } from 'vitest';
import {
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
} from './modal-store';

beforeEach(() => useModalStore.setState({ queue: [] }));

describe('modal store', () => {
  it('resolves true on Okay and false on Nope, one modal at a time', async () => {
    const first = showConfirm("This action can't be undone!");
    const second = showNotify('Post saved!');
    expect(currentModal()?.type).toBe('confirm');
    closeModal(currentModal()!.id, true);
    await expect(first).resolves.toBe(true);
    expect(currentModal()?.message).toBe('Post saved!');
    closeModal(currentModal()!.id, false);
    await expect(second).resolves.toBe(false);
    expect(currentModal()).toBeUndefined();
  });

  it('rejects when the Okay action failed', async () => {
    const p = openModal({
      type: 'confirm',
      message: 'Delete?',
      action: modalActions.run(() => undefined),
    });
    failModal(currentModal()!.id, new Error('nope'));
    await expect(p).rejects.toThrow('nope');
  });

  it('closes the wait modal with its handle', () => {
    const close = showWait();
    expect(currentModal()?.type).toBe('wait');
    close();
    expect(currentModal()).toBeUndefined();
  });

  it('maps actions to navigations (SPEC §4)', () => {
    expect(navigationForAction(modalActions.login, '/')).toBe('/login');
    expect(navigationForAction(modalActions.login, '/items/1')).toBe(
      '/login?redirectTo=%2Fitems%2F1',
    );
    expect(navigationForAction(modalActions.myProducts, '/')).toBe('/my-posts');
    expect(navigationForAction(modalActions.orders, '/')).toBe('/orders');
    expect(navigationForAction(modalActions.messages, '/')).toBe('/messages');
    expect(navigationForAction(modalActions.updateCartAmount, '/')).toBeNull();
    expect(
      navigationForAction(
        modalActions.run(() => {}),
        '/',
      ),
    ).toBeNull();
    expect(navigationForAction(undefined, '/')).toBeNull();
  });
});
