/**
 * The field a person never sees (visually hidden, aria-hidden, out of the tab order): bots that
 * fill every input fill it. Not filled → the form is sent; filled → refused (400). A module of
 * its own: the footer's form (on every page) needs this name and nothing else of the contracts.
 */
export const HONEYPOT_FIELD = 'website';
