import { DEMO_PASSWORD } from '../db/seed.js';
import type { DemoIdpAccount } from './index.js';

/**
 * The people the demo identity provider knows (password: the demo password). `partner` is the demo's external
 * login (bound by e-mail at the first sign-in); `visitor` is known to the provider only, so the portal refuses them.
 */
export const DEMO_IDP_ACCOUNTS: DemoIdpAccount[] = [
  { login: 'partner', password: DEMO_PASSWORD, sub: 'demo-idp-0001', email: 'partner@bauunternehmen.example', emailVerified: true, givenName: 'Paul', familyName: 'Partner' },
  { login: 'visitor', password: DEMO_PASSWORD, sub: 'demo-idp-0002', email: 'visitor@example.org', emailVerified: true, givenName: 'Vera', familyName: 'Visitor' },
];
