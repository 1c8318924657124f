import type { ComponentPropsWithRef } from 'react';
import { MenuIcon } from '../components/ui/icons';

/**
 * The hamburger button, one markup for both of its lives: the drawer's own trigger (SideMenu) and
 * the stand-in pages ship until the drawer's code is loaded (LazySideMenu) — so swapping one for the
 * other never shifts the layout.
 */
export function MenuButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <button
      type="button"
      aria-label="Open menu"
      data-testid="side-menu-button"
      className="icon-btn"
      {...props}
    >
      <MenuIcon />
    </button>
  );
}
