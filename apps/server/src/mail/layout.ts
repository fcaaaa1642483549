/** One layout for every email: the same words as HTML and as plain text, links absolute. */
export const PRODUCT_NAME = 'Tracery';

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The one thing to do, as a button (HTML) and a bare URL (text). */
  action?: { label: string; url: string };
  /** Facts as label/value rows (a receipt's plan, amount, period, reference). */
  details?: [string, string][];
  /** Shown under the message: why this email came and where its settings are. */
  footer?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderEmail(content: EmailContent, baseUrl: string): RenderedEmail {
  const footer =
    content.footer ?? `You received this email because of your ${PRODUCT_NAME} account.`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.details?.length ? [...content.details.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    footer,
    `${PRODUCT_NAME} · ${baseUrl}`,
    '',
  ].join('\n');

  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${content.details
        .map(
          ([k, v]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(k)}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this address into your browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f4f7;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px"><a href="${escapeHtml(baseUrl)}" style="color:#111;text-decoration:none">${PRODUCT_NAME}</a></p>
<div style="background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${details}${action}
</div>
<p style="font-size:12px;color:#666;margin-top:16px">${escapeHtml(footer)}<br><a href="${escapeHtml(baseUrl)}" style="color:#666">${PRODUCT_NAME}</a></p>
</div></body></html>
`;
  return { subject: content.subject, text, html };
}
