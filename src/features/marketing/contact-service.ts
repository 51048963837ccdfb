import type { ContactFormValues } from './contact-validation';

export const CONTACT_SEND_DELAY_MS = 2000;

export type SendContactMessage = (message: ContactFormValues) => Promise<void>;

/**
 * The product has no contact endpoint yet, so sending is simulated: it waits and succeeds.
 * The form still handles a rejected promise, so a real transport can replace this function.
 */
export const sendContactMessage: SendContactMessage = () =>
  new Promise((resolve) => {
    setTimeout(resolve, CONTACT_SEND_DELAY_MS);
  });
