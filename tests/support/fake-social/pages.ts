/** The consent dialogs and error pages the fake shows in the browser's popup. */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f0f2f5; color: #1c1e21; }
  main { max-width: 480px; margin: 24px auto; background: #fff; border-radius: 8px; padding: 24px;
    box-shadow: 0 2px 8px rgba(0,0,0,.15); }
  h1 { font-size: 20px; margin: 0 0 16px; }
  .buttons { display: flex; gap: 12px; justify-content: flex-end; margin-top: 24px; }
  button { font: inherit; padding: 8px 20px; border-radius: 6px; border: 1px solid #ccd0d5; cursor: pointer; }
  button.primary { background: #1877f2; border-color: #1877f2; color: #fff; }
  .note { color: #65676b; font-size: 13px; margin-top: 16px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface ConsentPage {
  platform: 'Facebook' | 'LinkedIn';
  appId: string;
  scopes: string[];
  /** Where the buttons post to, and the hidden fields they carry back. */
  action: string;
  fields: Record<string, string>;
  /** Extra lines under the scopes (the pages a Facebook user would pick). */
  details?: string[];
}

export function consentPage(p: ConsentPage): string {
  const hidden = Object.entries(p.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const scopes = p.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  const details = (p.details ?? []).map((d) => `<li>${escapeHtml(d)}</li>`).join('');
  return layout(
    `Log in with ${p.platform}`,
    `<h1>Fake ${p.platform}</h1>
<p>The app <strong>${escapeHtml(p.appId)}</strong> asks for these permissions:</p>
<ul>${scopes}</ul>
${details ? `<p>Accounts it will manage:</p><ul>${details}</ul>` : ''}
<form method="post" action="${escapeHtml(p.action)}">
${hidden}
<div class="buttons">
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="continue" class="primary">Continue</button>
</div>
</form>
<p class="note">A local stand-in for ${p.platform}'s sign-in, for trying Postbloom without a real app.</p>`,
  );
}

export function errorPage(platform: 'Facebook' | 'LinkedIn', title: string, message: string) {
  return layout(
    `${platform}: ${title}`,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`,
  );
}
