import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import type { FieldErrors } from '../../../lib/form-errors';
import { useModalStore } from '../modal/modal-store';
import { checkOf, sendForm, type FormIo, type SendOptions } from './use-send';

/** A form's state as `sendForm` leaves it, and the io that records it. */
function form(fields: readonly string[] = ['email', 'password']) {
  const state = {
    errors: {} as FieldErrors,
    shown: [] as FieldErrors[],
    failure: null as string | null,
    overlays: [] as boolean[],
    busy: false,
  };
  const io: FormIo = {
    fields,
    showErrors: (found) => {
      state.errors = found;
      state.shown.push(found);
    },
    setErrors: (errors) => {
      state.errors = errors;
    },
    setFailure: (message) => {
      state.failure = message;
    },
    run: async (overlay, task) => {
      if (state.busy) return;
      state.busy = true;
      state.overlays.push(overlay);
      try {
        await task();
      } finally {
        state.busy = false;
      }
    },
  };
  return { state, io };
}

const notices = () => useModalStore.getState().queue.map((m) => `${m.type}: ${m.message}`);
const values = { email: 'sam@example.com', password: 'hunter2hunter2' };
const valid = (v: typeof values) => checkOf({}, v);

function options(
  call: () => Promise<unknown>,
  extra: Partial<SendOptions<typeof values, typeof values, unknown>> = {},
): SendOptions<typeof values, typeof values, unknown> {
  return { check: valid, call, failure: 'Error saving the form', ...extra };
}

beforeEach(() => useModalStore.setState({ queue: [] }));

describe('sendForm: validate → call → field errors → notice', () => {
  it('refuses invalid values before any call, shows them by their fields and nothing else', async () => {
    const { state, io } = form();
    let called = false;
    const outcome = await sendForm(
      values,
      options(
        async () => {
          called = true;
        },
        { check: () => checkOf({ password: 'Use at least 8 characters.' }, values) },
      ),
      io,
    );
    expect(outcome).toBe('invalid');
    expect(called).toBe(false);
    expect(state.errors).toEqual({ password: 'Use at least 8 characters.' });
    expect(notices()).toEqual([]);
  });

  it('sends what the check made of the values and runs done with the answer', async () => {
    const { state, io } = form();
    state.errors = { email: 'old problem' };
    const seen: unknown[] = [];
    const outcome = await sendForm(
      values,
      {
        check: (v) => checkOf({}, { ...v, email: v.email.toUpperCase() }),
        call: async (data) => ({ saved: data.email }),
        done: (answer) => {
          seen.push(answer);
        },
        failure: 'x',
      },
      io,
    );
    expect(outcome).toBe('sent');
    expect(seen).toEqual([{ saved: 'SAM@EXAMPLE.COM' }]);
    expect(state.errors).toEqual({});
    expect(state.overlays).toEqual([true]);
  });

  it("shows the server's field problems by the fields only: no second error in a modal", async () => {
    const { state, io } = form();
    const refusal = new ApiError(400, 'password: This password is too common.', 'VALIDATION_ERROR', [
      { path: ['password'], message: 'This password is too common.' },
    ]);
    const outcome = await sendForm(
      values,
      options(() => Promise.reject(refusal)),
      io,
    );
    expect(outcome).toBe('failed');
    expect(state.shown).toEqual([{ password: 'This password is too common.' }]);
    expect(notices()).toEqual([]);
  });

  it("shows any other failure once, as the notice: the server's message, else the form's", async () => {
    const { io } = form();
    await sendForm(values, options(() => Promise.reject(new ApiError(409, 'Already taken.'))), io);
    await sendForm(values, options(() => Promise.reject(new TypeError('fetch failed'))), io);
    expect(notices()).toEqual(['notify: Already taken.', 'notify: Error saving the form']);
  });

  it('a detail about a field the form does not show is the notice, not a hidden error', async () => {
    const { state, io } = form(['email']);
    const refusal = new ApiError(400, 'Check the form.', 'VALIDATION_ERROR', [
      { path: ['captcha'], message: 'Solve it.' },
    ]);
    await sendForm(values, options(() => Promise.reject(refusal)), io);
    expect(state.shown).toEqual([]);
    expect(notices()).toEqual(['notify: Check the form.']);
  });

  it('inline: the failure is the form’s own line beside its button, no modal', async () => {
    const { state, io } = form();
    await sendForm(
      values,
      options(() => Promise.reject(new ApiError(409, 'This sale is already marked shipped.')), {
        failureShown: 'inline',
        overlay: false,
      }),
      io,
    );
    expect(state.failure).toBe('This sale is already marked shipped.');
    expect(state.overlays).toEqual([false]);
    expect(notices()).toEqual([]);
    // The next try starts without the old line.
    await sendForm(values, options(async () => 'ok', { failureShown: 'inline' }), io);
    expect(state.failure).toBeNull();
  });

  it('an ended session says nothing here (the session modal does)', async () => {
    const { state, io } = form();
    const ended = new ApiError(401, 'Session expired');
    ended.sessionExpired = true;
    await sendForm(values, options(() => Promise.reject(ended)), io);
    await sendForm(values, options(() => Promise.reject(ended), { failureShown: 'inline' }), io);
    expect(notices()).toEqual([]);
    expect(state.failure).toBeNull();
  });

  it('a form answering a failure itself stops the default', async () => {
    const { state, io } = form();
    const refusal = new ApiError(403, 'Activate your account first.', 'ACCOUNT_NOT_ACTIVATED');
    await sendForm(
      values,
      options(() => Promise.reject(refusal), { handled: (e) => e === refusal }),
      io,
    );
    expect(notices()).toEqual([]);
    expect(state.shown).toEqual([]);
  });

  it('a second send while the first is under way is ignored', async () => {
    const { io } = form();
    let release!: () => void;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const first = sendForm(values, options(slow), io);
    await Promise.resolve();
    await Promise.resolve();
    const second = await sendForm(values, options(slow), io);
    release();
    expect(await first).toBe('sent');
    expect(second).toBe('busy');
    expect(calls).toBe(1);
  });
});
