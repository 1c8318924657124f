import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import type { MySite } from '../../../../../shared/contracts/sites';
import { SITE_LIMITS } from '../../../../../shared/contracts/site-rules';
import { TextAreaField, TextField } from '../../../../components/ui/form';
import type { FieldErrors } from '../../../../lib/form-errors';
import { CONTRAST_PAIRS } from '../color-contrast';
import { fieldId, previewBranding, type SiteEditorValues } from '../editor-values';
import { useLogoUpload } from '../use-logo-upload';
import { useSiteEditor } from '../use-site-editor';
import { preloadSiteSchemas } from '../validation';
import { HeaderBrandingField, TypographyFields } from './BrandingFields';
import { ColorPairFieldset } from './ColorPairFieldset';
import { DomainSection } from './DomainSection';
import { LogoField } from './LogoField';
import { SitePreview, type PreviewPost } from './SitePreview';
import { ThemePicker } from './ThemePicker';
import { TimeZoneField } from './TimeZoneField';

interface SiteEditorProps {
  initial: MySite;
  posts: readonly PreviewPost[];
  currency: string;
  year: number;
  /** After every write the server answered (save, logo, domain check), with the site as stored. */
  onSaved: (site: MySite) => void;
  /**
   * A no-JavaScript post's answer (the route's action): field errors, what happened, and the
   * values as posted when they were refused (shown again to be corrected).
   */
  fallback?: { errors: FieldErrors; message: string; values: SiteEditorValues | null } | null;
}

function charactersLeft(text: string): string {
  const left = SITE_LIMITS.description - text.length;
  return left >= 0 ? `${left} characters left.` : `${-left} characters too many.`;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /edit-page: every branding field of the site with a live preview beside it (under it on
 * phones). A plain form underneath: without JavaScript it posts to the route's action.
 */
export function SiteEditor({ initial, posts, currency, year, onSaved, fallback }: SiteEditorProps) {
  const editor = useSiteEditor(initial, onSaved, fallback);
  const logo = useLogoUpload(editor.applyServerSite);
  const { values, site } = editor;
  const image = logo.localUrl ? { thumbnail: logo.localUrl, fullsize: logo.localUrl } : site.image;
  const branding = previewBranding(values, editor.saved, image);
  const status = editor.status || fallback?.message || '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    editor.submit();
  }

  // Enter in a one-line box saves only from the name (a colour box is mid-edit more often than not).
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target;
    if (
      event.key === 'Enter' &&
      target instanceof HTMLInputElement &&
      target.id !== fieldId('name')
    )
      event.preventDefault();
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        onFocus={preloadSiteSchemas}
        aria-label="Your page"
        className="min-w-0 space-y-6"
        data-testid="site-editor"
      >
        <noscript>
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            Without JavaScript you can still change and save the text, colours and font. The live
            preview, the logo upload and the domain check need JavaScript.
          </p>
        </noscript>
        <a href="#site-preview-caption" className="link text-sm lg:hidden">
          Skip to the live preview
        </a>

        <Section id="site-basics" title="Name and description">
          <TextField
            id={fieldId('name')}
            name="name"
            label="Site name"
            value={values.name}
            onChange={(e) => editor.setField('name', e.target.value)}
            error={editor.errors.name}
            maxLength={SITE_LIMITS.name}
            autoComplete="off"
            required
          />
          <TextAreaField
            id={fieldId('description')}
            name="description"
            label="Description"
            rows={3}
            value={values.description}
            onChange={(e) => editor.setField('description', e.target.value)}
            error={editor.errors.description}
            hint={`Under your name on the page and in link previews. ${charactersLeft(values.description)}`}
          />
        </Section>

        <Section id="site-header" title="Header and logo">
          <LogoField image={site.image} logo={logo} />
          <HeaderBrandingField editor={editor} />
        </Section>

        <Section id="site-colours" title="Colours">
          <ThemePicker editor={editor} />
          {CONTRAST_PAIRS.map((pair) => (
            <ColorPairFieldset key={pair.key} pair={pair} editor={editor} />
          ))}
        </Section>

        <Section id="site-font" title="Font and text size">
          <TypographyFields editor={editor} />
        </Section>

        <Section id="site-time-zone" title="Dates and times">
          <TimeZoneField editor={editor} />
        </Section>

        <Section id="site-domain" title="Your own domain">
          <DomainSection editor={editor} />
        </Section>

        <div className="card flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={editor.pending || logo.busy}
            data-testid="site-save"
          >
            {editor.pending ? 'Saving…' : 'Save changes'}
          </button>
          <p
            role="status"
            className={`text-sm ${editor.dirty ? 'font-semibold text-amber-900' : 'text-gray-800'}`}
            data-testid="site-save-state"
          >
            {editor.dirty ? 'Unsaved changes. ' : ''}
            {status}
          </p>
        </div>
      </form>
      {/* Below the sticky site header (its measured height, lib/focus.ts) while the form scrolls */}
      <div className="lg:sticky lg:top-[var(--focus-clearance-top,7.5rem)] lg:self-start">
        <SitePreview
          branding={branding}
          description={values.description}
          username={site.username}
          posts={posts}
          currency={currency}
          year={year}
        />
      </div>
    </div>
  );
}
