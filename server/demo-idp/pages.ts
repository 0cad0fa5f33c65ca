import { isLanguage, type Language } from '../../src/domain/languages.js';
import { translate } from '../lib/i18n.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/** The page's language: the portal's ui_locales first, then the browser's, else English. */
export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Language {
  for (const candidate of [...(typeof uiLocales === 'string' ? uiLocales.split(' ') : []), acceptLanguage?.slice(0, 2)]) {
    const short = candidate?.slice(0, 2).toLowerCase();
    if (short && isLanguage(short)) return short;
  }
  return 'en';
}

function page(language: Language, title: string, body: string): string {
  const t = (key: string) => escapeHtml(translate(language, key));
  return `<!DOCTYPE html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ${t('DEMOIDP.Name')}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#3d2f5c;color:#1d1b20}
main{background:#fff;border-radius:8px;padding:28px;width:min(380px,calc(100vw - 32px));box-sizing:border-box;box-shadow:0 8px 30px rgba(0,0,0,.3)}
.brand{font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#6b5a8e;margin:0 0 6px}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.45;margin:0 0 14px}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #9a90ad;border-radius:4px}
button{margin-top:18px;width:100%;padding:11px;font-size:16px;border:0;border-radius:4px;background:#5b3f96;color:#fff;cursor:pointer}
button.secondary{background:#ece6f5;color:#3d2f5c;margin-top:10px}.error{background:#fdecea;color:#8a1c14;padding:10px;border-radius:4px}
.hint{font-size:13px;color:#5f5a66;margin-top:18px}
</style></head>
<body><main><p class="brand">${t('DEMOIDP.Name')}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function loginPage(language: Language, options: { action: string; login?: string; failed: boolean; hint?: { logins: string[]; password: string } }): string {
  const t = (key: string, params: Record<string, unknown> = {}) => escapeHtml(translate(language, key, params));
  return page(
    language,
    translate(language, 'DEMOIDP.SignInTitle'),
    `<p>${t('DEMOIDP.Intro')}</p>
${options.failed ? `<p class="error" role="alert">${t('DEMOIDP.Invalid')}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<label for="login">${t('DEMOIDP.Login')}</label><input id="login" name="login" required autofocus value="${escapeHtml(options.login ?? '')}">
<label for="password">${t('DEMOIDP.Password')}</label><input id="password" name="password" type="password" required>
<button type="submit">${t('DEMOIDP.SignIn')}</button>
</form>
${options.hint ? `<p class="hint">${t('DEMOIDP.Hint', { logins: options.hint.logins.join(', '), password: options.hint.password })}</p>` : ''}`,
  );
}

/** The provider's logout question; `form` is oidc-provider's hidden form (with its CSRF token). */
export function logoutPage(language: Language, form: string): string {
  const t = (key: string) => escapeHtml(translate(language, key));
  return page(
    language,
    translate(language, 'DEMOIDP.LogoutTitle'),
    `${form}<p>${t('DEMOIDP.LogoutQuestion')}</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${t('DEMOIDP.LogoutYes')}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t('DEMOIDP.LogoutNo')}</button>`,
  );
}

export function messagePage(language: Language, titleKey: string, text: string): string {
  return page(language, translate(language, titleKey), `<p>${escapeHtml(text)}</p>`);
}
