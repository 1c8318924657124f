import { useEffect, useRef, useState } from 'react';
import type { Media } from '../../../../shared/contracts/catalog';
import {
  PRODUCT_LIMITS,
  type MediaType,
  type UploadExtension,
} from '../../../../shared/contracts/catalog-rules';
import { MESSAGES } from '../../../../shared/messages';
import { notifyError, showConfirm } from '../../../components/ui/modal';
import { apiErrorMessage } from '../../../lib/errors';
import { addMedia, deleteMedia, getUploadUrl, putToSignedUrl } from './editor-api';
import { addGeneratedMedia } from './ai-images';
import { checkMediaFile, readAsDataUrl } from './media-files';
import { mediaLabel, moveAnnouncement, moveItem } from './media-list';
import { uploadMediaFile, type UploadDeps } from './upload';
import type { PostEditorState } from './use-post-editor';

const realDeps: UploadDeps = { getUploadUrl, putToSignedUrl, addMedia };

export type UploadPhase = 'waiting' | 'reading' | 'sending' | 'processing' | 'failed';

/** A chosen file on its way into the post (shown with its preview and progress bar). */
export interface UploadItem {
  key: string;
  name: string;
  type: MediaType;
  /** An object URL of the file itself, for the preview thumbnail. */
  previewUrl: string;
  /** 0…1 of the bytes sent. */
  progress: number;
  phase: UploadPhase;
  error?: string;
}

let uploadSeq = 0;

/** Moves focus to the element with `id` after React has rendered. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * The editor's media work: chosen files checked, previewed and uploaded one after another with a
 * progress bar each (a new post is saved as a draft first, so its files have a post to belong
 * to), saved media removed after the confirm, moved up and down (announced), their alt texts.
 * Order and alt texts are saved with the post (PUT /products `medias`).
 */
export function useEditorMedia(editor: PostEditorState) {
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  /** "Media saved!" once a batch is in: shown in the media list, never a modal in the way of Publish. */
  const [savedNotice, setSavedNotice] = useState('');
  const busy = uploads.some((u) => u.phase !== 'failed');
  const { setUploading } = editor;
  useEffect(() => setUploading(busy), [busy, setUploading]);

  // Object URLs live until their upload ends or the editor goes away.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => live.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  const dropUpload = (item: UploadItem) => {
    // A generated picture's preview is its stored thumbnail, not an object URL.
    if (urls.current.delete(item.previewUrl)) URL.revokeObjectURL(item.previewUrl);
    setUploads((list) => list.filter((u) => u.key !== item.key));
  };
  const patch = (key: string, change: Partial<UploadItem>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function addFiles(files: readonly File[]) {
    const problems: string[] = [];
    const accepted: { file: File; item: UploadItem; ext: UploadExtension }[] = [];
    const room =
      PRODUCT_LIMITS.mediasMax -
      editor.medias.length -
      uploads.filter((u) => u.phase !== 'failed').length;
    for (const file of files) {
      const check = checkMediaFile(file);
      if (!check.ok) {
        problems.push(check.message);
        continue;
      }
      if (accepted.length >= room) {
        problems.push(
          `A post can have at most ${PRODUCT_LIMITS.mediasMax} photos and files: “${file.name}” was not added.`,
        );
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      urls.current.add(previewUrl);
      uploadSeq += 1;
      const item: UploadItem = {
        key: `u${uploadSeq}`,
        name: file.name,
        type: check.type,
        previewUrl,
        progress: 0,
        phase: 'waiting',
      };
      accepted.push({ file, item, ext: check.ext });
    }
    setFileErrors(problems);
    setSavedNotice('');
    if (accepted.length === 0) return;
    setUploads((list) => [...list, ...accepted.map((a) => a.item)]);
    const productId = await postForNewMedia(
      accepted.map((a) => a.item),
      problems,
    );
    if (!productId) return;

    let done = 0;
    for (const { file, item, ext } of accepted) {
      try {
        patch(item.key, { phase: 'reading' });
        const dataUrl = await readAsDataUrl(file);
        const product = await uploadMediaFile(
          realDeps,
          { productId, ext, dataUrl, alt: '' },
          (phase, progress) => patch(item.key, { phase, progress }),
        );
        editor.applyMediaChange(product);
        dropUpload(item);
        done += 1;
        setAnnouncement(`${item.name} uploaded.`);
      } catch (err) {
        patch(item.key, {
          phase: 'failed',
          error: apiErrorMessage(err, MESSAGES.mediaUploadError),
        });
        setAnnouncement(`${item.name} could not be uploaded.`);
      }
    }
    if (done > 0)
      mediaSaved(done === 1 ? '1 file added to the post.' : `${done} files added to the post.`);
  }

  function mediaSaved(detail: string) {
    const notice = `${MESSAGES.mediaSaved} ${detail}`;
    setSavedNotice(notice);
    setAnnouncement(notice);
  }

  /**
   * The post's id for new media: a new post is saved as a draft first, so its media have a post to
   * belong to. On failure the waiting items are dropped and the reason shown with `problems`.
   */
  async function postForNewMedia(items: UploadItem[], problems: string[]): Promise<string | null> {
    if (editor.productId) return editor.productId;
    setAnnouncement('Saving the post as a draft so the files can be added to it…');
    const productId = await editor.save({ status: 'draft', quiet: true });
    if (!productId) {
      items.forEach(dropUpload);
      setAnnouncement('');
      setFileErrors([
        ...problems,
        'Give the post a title and a price first: it is saved as a draft before its files are added.',
      ]);
    }
    return productId;
  }

  /** One of my AI-generated pictures (chosen in the Generate image dialog) becomes a photo of the post. */
  async function addGenerated(picture: { url: string; thumbnail: string }, alt: string) {
    uploadSeq += 1;
    const item: UploadItem = {
      key: `u${uploadSeq}`,
      name: 'Generated picture',
      type: 'image',
      previewUrl: picture.thumbnail,
      progress: 1,
      phase: 'processing',
    };
    setFileErrors([]);
    setSavedNotice('');
    setUploads((list) => [...list, item]);
    const productId = await postForNewMedia([item], []);
    if (!productId) return;
    try {
      const { product } = await addGeneratedMedia(productId, picture.url, alt);
      editor.applyMediaChange(product);
      dropUpload(item);
      mediaSaved('The generated picture was added to the post.');
    } catch (err) {
      patch(item.key, { phase: 'failed', error: apiErrorMessage(err, MESSAGES.mediaUploadError) });
      setAnnouncement('The generated picture could not be added.');
    }
  }

  async function removeMedia(media: Media, index: number) {
    const productId = editor.productId;
    if (!productId) return;
    const label = mediaLabel(media, index);
    if (!(await showConfirm(MESSAGES.confirmIrreversible, undefined, `Remove ${label}?`))) return;
    try {
      const { product } = await deleteMedia(productId, media._id);
      editor.applyMediaChange(product);
      setAnnouncement(`${label} removed.`);
      focusLater('post-media-input');
    } catch (err) {
      void notifyError(err, MESSAGES.errorDeletingMedia);
    }
  }

  function moveMedia(index: number, delta: -1 | 1) {
    const list = editor.medias;
    const media = list[index];
    const to = index + delta;
    if (!media || to < 0 || to >= list.length) return;
    editor.setMedias(moveItem(list, index, delta));
    setAnnouncement(moveAnnouncement(mediaLabel(media, index), to, list.length));
    // Keyed items are moved in the DOM, which drops focus: put it back on the same button, or
    // on its twin when the item reached an end of the list.
    const atEnd = to === 0 || to === list.length - 1;
    const button = delta < 0 ? 'up' : 'down';
    const other = delta < 0 ? 'down' : 'up';
    focusLater(`media-${media._id}-${atEnd ? other : button}`);
  }

  function setAlt(id: string, alt: string) {
    editor.setMedias((list) => list.map((m) => (m._id === id ? { ...m, alt } : m)));
  }

  return {
    uploads,
    busy,
    fileErrors,
    announcement,
    savedNotice,
    addFiles,
    addGenerated,
    dismissUpload: dropUpload,
    removeMedia,
    moveMedia,
    setAlt,
  };
}
