import { z } from 'zod';
import { emailField, text } from './account';
import { newPassword } from './account-settings';
import { PAGE_ROUTES } from './routes';

/** Forgot your password: the address to send the link to. */
export const passwordResetSchema = z.object({ email: emailField });

/** The emailed link's token (from the page's fragment) and the password to set. */
export const passwordResetConfirmSchema = z.object({
  token: text('token', 'Open the link from the email again: its token is missing.')
    .min(1, 'Open the link from the email again: its token is missing.')
    .max(200, 'That is not the token of a password reset link.'),
  new_password: newPassword,
});

/** Where the emailed link opens; the token rides in the fragment, which no server or log sees. */
export const RESET_PAGE = PAGE_ROUTES.resetPassword;
export const RESET_LINK_MINUTES = 60;
