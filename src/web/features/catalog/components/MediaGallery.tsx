import type { Media } from '../../../../shared/contracts/catalog';
import { AiBadge } from './AiBadge';

/** The large picture takes the page's width on phones, half of it beside the details on wider screens. */
export const GALLERY_SIZES = '(min-width: 768px) 50vw, 100vw';

function Slide({ media, index, title }: { media: Media; index: number; title: string }) {
  const label = media.alt || `${title}, ${media.type} ${index + 1}`;
  if (media.type === 'video')
    return (
      <video
        controls
        preload="metadata"
        src={media.fullsize}
        aria-label={label}
        className="h-full w-full bg-black object-contain"
        {...(media.width && media.height ? { width: media.width, height: media.height } : {})}
      />
    );
  if (media.type === 'audio')
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-4 bg-gray-100 p-4">
        <p className="text-center text-sm text-gray-700">{label}</p>
        <audio controls preload="none" src={media.fullsize} aria-label={label} className="w-full" />
      </div>
    );
  return (
    <img
      src={media.fullsize}
      srcSet={media.srcset?.fullsize}
      sizes={GALLERY_SIZES}
      alt={media.alt}
      width={media.width ?? 1200}
      height={media.height ?? 1200}
      // The first picture is the page's largest paint; the others wait until scrolled to.
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
      decoding="async"
      className="h-full w-full object-contain"
    />
  );
}

/**
 * Every media of a post in a horizontal strip that snaps per item. The thumbnails are plain
 * `#media-N` links, so browsing the gallery needs no JavaScript.
 */
export function MediaGallery({ medias, title }: { medias: Media[]; title: string }) {
  if (medias.length === 0)
    return (
      <div
        data-testid="post-no-media"
        className="flex aspect-square w-full items-center justify-center rounded-xl bg-gradient-to-br from-gray-100 to-gray-200 text-gray-600"
      >
        <span>No photos yet</span>
      </div>
    );
  return (
    <section aria-label="Photos and media" data-testid="post-gallery">
      {/* More than one: the strip scrolls sideways, so it takes keyboard focus (arrow keys scroll
          it) and names itself (axe scrollable-region-focusable, WCAG 2.1.1). */}
      <div
        className="aspect-square w-full snap-x snap-mandatory overflow-x-auto rounded-xl bg-gray-50"
        data-testid="post-gallery-strip"
        {...(medias.length > 1
          ? { tabIndex: 0, role: 'region', 'aria-label': `Photo strip, ${medias.length} items` }
          : {})}
      >
        <ul className="flex h-full w-full">
          {medias.map((m, i) => (
            <li
              key={m._id}
              id={`media-${i + 1}`}
              className="relative aspect-square w-full shrink-0 snap-center"
              aria-label={`${i + 1} of ${medias.length}`}
            >
              <Slide media={m} index={i} title={title} />
              {m.aiGenerated ? <AiBadge className="absolute top-3 left-3 shadow-sm" /> : null}
            </li>
          ))}
        </ul>
      </div>
      {medias.length > 1 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {medias.map((m, i) => (
            <li key={m._id}>
              <a
                href={`#media-${i + 1}`}
                className="block h-16 w-16 overflow-hidden rounded-lg border border-gray-300 bg-gray-100 text-xs text-gray-700"
              >
                {m.type === 'image' && m.thumbnail ? (
                  <img
                    src={m.thumbnail}
                    alt={`Show ${m.alt || `photo ${i + 1}`}`}
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <span className="flex h-full items-center justify-center">
                    {m.type === 'video' ? `Video ${i + 1}` : `Audio ${i + 1}`}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
