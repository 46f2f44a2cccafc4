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
  /** Issue 16: a list of records after the paragraphs (an alert's listings), each with a link and an optional photo. */
  items?: MailItem[];
}

export interface MailItem {
  title: string;
  /** Short facts under the title (price, condition, country). */
  details: string;
  url: string;
  imageUrl?: string;
}

function itemsText(items: readonly MailItem[]): string[] {
  return items.flatMap((item) => [item.title, item.details, item.url, '']);
}

function itemsHtml(items: readonly MailItem[]): string {
  const rows = items.map(
    (item) =>
      `<tr><td style="padding:8px 12px 8px 0;vertical-align:top;width:96px">${
        item.imageUrl ? `<img src="${escapeHtml(item.imageUrl)}" alt="" width="96" style="border-radius:4px;display:block">` : ''
      }</td><td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(item.url)}" style="color:#0f766e;font-weight:600">${escapeHtml(
        item.title,
      )}</a><br><span style="font-size:14px;color:#334155">${escapeHtml(item.details)}</span></td></tr>`,
  );
  return `<table role="presentation" style="border-collapse:collapse;width:100%">${rows.join('\n')}</table>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One layout for every mail: a plain-text part and an HTML part saying the same. */
export function renderMail(layout: MailLayout): MailContent {
  const textParts = [layout.heading, '', ...layout.paragraphs.flatMap((p) => [p, '']), ...itemsText(layout.items ?? [])];
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
${layout.items ? itemsHtml(layout.items) : ''}
${button}
${layout.footnote ? `<p style="font-size:13px;color:#475569">${escapeHtml(layout.footnote)}</p>` : ''}
<hr style="border:none;border-top:1px solid #e2e8f0;margin-top:32px"><p style="font-size:12px;color:#64748b">BenchMarket — the marketplace for lab and medical equipment</p>
</body></html>`;
  return { subject: layout.subject, text: textParts.join('\n'), html };
}
