import type { AppDeps } from './http/deps';

/** Start-up data: the configured super admin and, on an empty embedded database, the demo. */
export async function prepareData(_deps: AppDeps): Promise<void> {}
