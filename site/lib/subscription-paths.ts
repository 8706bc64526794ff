/** The pages of a family's subscription, which its e-mails link (admin-api/subscriptions/subscription-links.ts). */
export const SUBSCRIBE_PATH = '/subscribe';
/** The confirmation e-mail's page: `?token=…`. */
export const CONFIRM_PATH = '/subscribe/confirm';
/** Every e-mail's "change what you receive" page: `?token=…`. */
export const MANAGE_PATH = '/subscribe/manage';
/** The manage page's parameter that unsubscribes as the page opens: the e-mails' visible unsubscribe link. */
export const UNSUBSCRIBE_PARAMETER = 'unsubscribe';
/** The links' parameter naming the message they came in (the mail log counts who left after which). */
export const MESSAGE_PARAMETER = 'm';
