import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'small' | 'normal' | 'large';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container (forms on a phone). */
  block?: boolean;
}

/** The button's classes, for the rare control that must be a link yet look like a button. */
export function buttonClass({ variant = 'secondary', size = 'normal', block = false }: ButtonLook = {}, extra = ''): string {
  return [styles.button, styles[variant], size === 'normal' ? '' : styles[size], block ? styles.block : '', extra].filter(Boolean).join(' ');
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>;

/**
 * The one button style (issue 25 item 4): primary, secondary, danger and link-like, in three
 * sizes. It is a plain <button> (type "button" unless told), so roles and names stay the page's own.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
});
