// Branded transactional mail. Every message has a plain-text part (with the action URL
// on a line of its own, so it survives mail clients that re-wrap text and is easy to
// find in the outbox) and an HTML part in which all interpolated text is escaped —
// names are user input.

export interface MailAction {
  label: string;
  url: string;
}

/** One line of a list (a digest's events), with an optional link of its own. */
export interface MailItem {
  text: string;
  link?: MailAction | undefined;
}

export interface RenderMailOptions {
  brandName: string;
  appUrl: string;
  heading: string;
  paragraphs: readonly string[];
  /** A list after the paragraphs, each entry with its link on a line of its own in the text. */
  items?: readonly MailItem[] | undefined;
  action?: MailAction | undefined;
  footer?: string | undefined;
  /** Small links under the footer (manage settings, unsubscribe). */
  footerLinks?: readonly MailAction[] | undefined;
}

export interface BuiltMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

// Only absolute http(s) links may become an href; anything else (javascript:, data:)
// would be a script-injection hole in the HTML part.
function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`Mail links must be http(s), got ${parsed.protocol}`);
  }
  return parsed.href;
}

export function renderMail(options: RenderMailOptions): { text: string; html: string } {
  const { brandName, heading, paragraphs, action } = options;
  const appUrl = checkedUrl(options.appUrl).replace(/\/+$/, '');
  const footer =
    options.footer ?? `You are receiving this email because of your account at ${brandName}.`;
  const actionUrl = action ? checkedUrl(action.url) : undefined;
  const items = (options.items ?? []).map((item) => ({
    text: item.text,
    link: item.link ? { label: item.link.label, url: checkedUrl(item.link.url) } : undefined,
  }));
  const footerLinks = (options.footerLinks ?? []).map((l) => ({ label: l.label, url: checkedUrl(l.url) }));

  const text = [
    brandName,
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...items.flatMap((item) => [
      `- ${item.text}`,
      ...(item.link ? [`  ${item.link.label}:`, `  ${item.link.url}`] : []),
      '',
    ]),
    ...(action && actionUrl ? [`${action.label}:`, actionUrl, ''] : []),
    '--',
    footer,
    appUrl,
    ...footerLinks.flatMap((l) => ['', `${l.label}:`, l.url]),
    '',
  ].join('\n');

  const e = escapeHtml;
  const paragraphHtml = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${e(p)}</p>`)
    .join('\n');
  const itemsHtml = items.length
    ? `<ul style="margin:0 0 16px;padding:0 0 0 20px;line-height:1.5">
${items
  .map(
    (item) =>
      `<li style="margin:0 0 12px">${e(item.text)}${
        item.link
          ? `<br><a href="${e(item.link.url)}" style="color:#2563eb">${e(item.link.label)}</a>`
          : ''
      }</li>`,
  )
  .join('\n')}
</ul>`
    : '';
  const footerLinksHtml = footerLinks
    .map(
      (l) =>
        `<p style="margin:8px 0 0;font-size:12px"><a href="${e(l.url)}" style="color:#6b7280">${e(l.label)}</a></p>`,
    )
    .join('\n');
  const actionHtml =
    action && actionUrl
      ? `<p style="margin:24px 0">
<a href="${e(actionUrl)}" style="display:inline-block;padding:12px 20px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(action.label)}</a>
</p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${e(actionUrl)}" style="color:#2563eb;word-break:break-all">${e(actionUrl)}</a></p>`
      : '';

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700"><a href="${e(appUrl)}" style="color:#111827;text-decoration:none">${e(brandName)}</a></p>
<h1 style="margin:0 0 16px;font-size:22px">${e(heading)}</h1>
${paragraphHtml}
${itemsHtml}
${actionHtml}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:12px;color:#6b7280">${e(footer)}</p>
${footerLinksHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { text, html };
}

interface PersonalMail {
  brandName: string;
  appUrl: string;
  name: string;
}

export function activationMail(options: PersonalMail & { url: string }): BuiltMail {
  const { brandName, appUrl, name, url } = options;
  return {
    subject: `Activate your ${brandName} account`,
    ...renderMail({
      brandName,
      appUrl,
      heading: `Welcome, ${name}!`,
      paragraphs: [
        `Thanks for signing up to ${brandName}. Please confirm your email address to activate your account.`,
        "If you didn't create an account, you can safely ignore this email.",
      ],
      action: { label: 'Activate your account', url },
    }),
  };
}

export function passwordResetMail(options: PersonalMail & { url: string }): BuiltMail {
  const { brandName, appUrl, name, url } = options;
  return {
    subject: `Reset your ${brandName} password`,
    ...renderMail({
      brandName,
      appUrl,
      heading: `Hi ${name},`,
      paragraphs: [
        'We received a request to reset the password of your account. Use the link below to choose a new one.',
        "If you didn't ask for this, you can ignore this email: your password stays the same.",
      ],
      action: { label: 'Choose a new password', url },
    }),
  };
}

export function passwordChangedMail(options: PersonalMail): BuiltMail {
  const { brandName, appUrl, name } = options;
  return {
    subject: `Your ${brandName} password was changed`,
    ...renderMail({
      brandName,
      appUrl,
      heading: `Hi ${name},`,
      paragraphs: [
        'The password of your account has just been changed.',
        "If this wasn't you, reset your password right away to secure your account.",
      ],
      action: { label: 'Reset your password', url: `${appUrl.replace(/\/+$/, '')}/reset-password` },
    }),
  };
}

/** Someone tried to register with an address that already has an account (ours, not theirs). */
export function registrationAttemptMail(options: PersonalMail): BuiltMail {
  const { brandName, appUrl, name } = options;
  const origin = appUrl.replace(/\/+$/, '');
  return {
    subject: `Someone tried to sign up to ${brandName} with your email address`,
    ...renderMail({
      brandName,
      appUrl,
      heading: `Hi ${name},`,
      paragraphs: [
        `Someone just tried to create a new ${brandName} account with your email address. You already have an account, so nothing was created.`,
        `If it was you: log in at ${origin}/login, or reset your password with the link below if you have forgotten it.`,
        "If it wasn't you, you can ignore this email: your account is unchanged.",
      ],
      action: { label: 'Reset your password', url: `${origin}/reset-password` },
    }),
  };
}
