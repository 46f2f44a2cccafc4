export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailLayout {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. how long a link stays valid. */
  footnote?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One layout for every mail: a plain-text part and an HTML part saying the same. */
export function renderMail(layout: MailLayout): MailContent {
  const textParts = [layout.heading, '', ...layout.paragraphs.flatMap((p) => [p, ''])];
  if (layout.action) textParts.push(`${layout.action.label}: ${layout.action.url}`, '');
  if (layout.footnote) textParts.push(layout.footnote, '');
  textParts.push('— BenchMarket, the marketplace for lab and medical equipment');

  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(layout.action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(layout.action.url)}">${escapeHtml(layout.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#0f766e">${escapeHtml(layout.heading)}</h1>
${layout.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
${layout.footnote ? `<p style="font-size:13px;color:#475569">${escapeHtml(layout.footnote)}</p>` : ''}
<hr style="border:none;border-top:1px solid #e2e8f0;margin-top:32px"><p style="font-size:12px;color:#64748b">BenchMarket — the marketplace for lab and medical equipment</p>
</body></html>`;
  return { subject: layout.subject, text: textParts.join('\n'), html };
}
