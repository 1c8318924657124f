import type { z } from 'zod';
import type { HeaderBranding, MySite, siteUpdateRequest } from '../../../../shared/contracts/sites';
import {
  SITE_COLOR_FIELDS,
  normalizeHexColor,
  type SiteColorField,
} from '../../../../shared/contracts/site-rules';
import type { SiteBranding } from '../site-theme';

/** What PUT /sites takes (before the contract's transforms: colours as typed, the domain as typed). */
export type SiteUpdateBody = z.input<typeof siteUpdateRequest>;

/** The editor's fields as the owner types them (a colour may be half-typed: "#1f2"). */
export type SiteEditorValues = {
  name: string;
  description: string;
  headerBranding: HeaderBranding;
  fontFamily: string;
  fontScale: number;
  /** '' when the page has no custom domain. */
  domainName: string;
  /** An IANA name (Europe/Paris): the links' windows and daily clicks are read in it. */
  timeZone: string;
} & Record<SiteColorField, string>;

/** The fields PUT /sites may get from the editor, in form order (errors focus the first). */
export const EDITOR_FIELDS = [
  'name',
  'description',
  'headerBranding',
  ...SITE_COLOR_FIELDS,
  'fontFamily',
  'fontScale',
  'timeZone',
  'domainName',
  'image',
] as const;
export type EditorField = (typeof EDITOR_FIELDS)[number];

/** The id of a field's control (labels, errors and focus use it). */
export const fieldId = (field: EditorField): string => `site-${field}`;

export function valuesFromSite(site: MySite): SiteEditorValues {
  const colors = Object.fromEntries(SITE_COLOR_FIELDS.map((f) => [f, site[f]])) as Record<
    SiteColorField,
    string
  >;
  return {
    name: site.name,
    description: site.description,
    headerBranding: site.headerBranding,
    fontFamily: site.fontFamily,
    fontScale: site.fontScale,
    domainName: site.domainName ?? '',
    timeZone: site.timeZone,
    ...colors,
  };
}

/** A colour as stored ("#AbC" and "#aabbcc" are the same colour); anything else as typed. */
const colorKey = (value: string) => normalizeHexColor(value) ?? value.trim();
/** A domain as compared: surrounding spaces and letter case do not make a change. */
const domainKey = (value: string) => value.trim().toLowerCase();

/**
 * The PUT /sites body: only the fields whose value differs from the saved one, so an untouched
 * field the allow-list no longer has (an old font) is never sent back for refusal.
 */
export function changedFields(values: SiteEditorValues, saved: SiteEditorValues): SiteUpdateBody {
  const body: SiteUpdateBody = {};
  if (values.name !== saved.name) body.name = values.name;
  if (values.description !== saved.description) body.description = values.description;
  if (values.headerBranding !== saved.headerBranding) body.headerBranding = values.headerBranding;
  if (values.fontFamily !== saved.fontFamily)
    body.fontFamily = values.fontFamily as SiteUpdateBody['fontFamily'];
  if (values.fontScale !== saved.fontScale) body.fontScale = values.fontScale;
  if (values.timeZone.trim() !== saved.timeZone) body.timeZone = values.timeZone.trim();
  if (domainKey(values.domainName) !== domainKey(saved.domainName))
    body.domainName = values.domainName.trim() === '' ? null : values.domainName;
  for (const field of SITE_COLOR_FIELDS)
    if (colorKey(values[field]) !== colorKey(saved[field])) body[field] = values[field];
  return body;
}

export const hasChanges = (values: SiteEditorValues, saved: SiteEditorValues): boolean =>
  Object.keys(changedFields(values, saved)).length > 0;

/**
 * What the live preview paints: the values as typed, except a colour that is not (yet) a hex
 * colour, which keeps the saved one until it is.
 */
export function previewBranding(
  values: SiteEditorValues,
  saved: SiteEditorValues,
  image: SiteBranding['image'],
): SiteBranding & { name: string } {
  const colors = Object.fromEntries(
    SITE_COLOR_FIELDS.map((f) => [f, normalizeHexColor(values[f]) ?? saved[f]]),
  ) as Record<SiteColorField, string>;
  return {
    name: values.name.trim() || saved.name,
    image,
    headerBranding: values.headerBranding,
    fontFamily: values.fontFamily,
    fontScale: values.fontScale,
    ...colors,
  };
}

/**
 * A posted form (the editor without JavaScript) over the saved values: the fields as posted, the
 * contract on the server checks them. Sent through `changedFields`, so an untouched field goes
 * back no more than it does with JavaScript.
 */
export function valuesFromForm(form: FormData, saved: SiteEditorValues): SiteEditorValues {
  const text = (name: string): string | undefined => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const values: Record<string, unknown> = { ...saved };
  for (const field of ['name', 'description', 'fontFamily', 'domainName', 'timeZone', ...SITE_COLOR_FIELDS]) {
    const value = text(field);
    if (value !== undefined) values[field] = value;
  }
  const branding = text('headerBranding');
  if (branding !== undefined) values.headerBranding = branding;
  const scale = text('fontScale');
  if (scale !== undefined) values.fontScale = Number(scale);
  return values as SiteEditorValues;
}
