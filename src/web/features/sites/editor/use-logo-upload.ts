import { useEffect, useState } from 'react';
import type { MySite } from '../../../../shared/contracts/sites';
import { MESSAGES } from '../../../../shared/messages';
import { showConfirm } from '../../../components/ui/modal';
import { apiErrorMessage } from '../../../lib/errors';
import { checkImageFile } from '../../../lib/image-file';
import { removeLogo, uploadLogo } from '../api/my-site';

/**
 * The logo: a chosen image shows at once (a local object URL) in the field and the preview, and
 * is uploaded straight away (PUT /sites/media) with a progress bar; the server's thumbnail then
 * replaces the local copy. Removing it (PUT /sites with `image: null`) asks first. Failures are
 * shown by the field, in the server's words.
 */
export function useLogoUpload(applyServerSite: (site: MySite, message: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One object URL per chosen file, released when it is replaced or the editor goes away.
  useEffect(() => {
    if (!file) {
      setLocalUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setLocalUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function choose(chosen: File) {
    if (busy) return;
    const problem = checkImageFile(chosen);
    setError(problem);
    if (problem) return;
    setFile(chosen);
    setBusy(true);
    try {
      const { site } = await uploadLogo(chosen, setProgress);
      applyServerSite(site, 'Logo uploaded. It is on your page now.');
      setFile(null);
    } catch (err) {
      setError(apiErrorMessage(err, MESSAGES.logoSaveError));
      setFile(null);
      setProgress(null);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    const sure = await showConfirm(
      'Your page will show your site name in the header instead.',
      undefined,
      'Remove your logo?',
    );
    if (!sure) return;
    setBusy(true);
    setError(null);
    try {
      const { site } = await removeLogo();
      setProgress(null);
      applyServerSite(site, 'Logo removed.');
    } catch (err) {
      setError(apiErrorMessage(err, MESSAGES.siteSaveError));
    } finally {
      setBusy(false);
    }
  }

  return { file, localUrl, progress, error, busy, choose, remove };
}

export type LogoUpload = ReturnType<typeof useLogoUpload>;
