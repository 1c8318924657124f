import { lazy, Suspense, useEffect, useState } from 'react';
import { MenuButton } from './MenuButton';
import { useMenuStore } from './menu-store';

// The side menu's drawer is a Radix Dialog (focus trap, scroll lock, portal: ~15 KB compressed)
// that most visitors never open: pages ship only its button, and the drawer (./SideMenu) loads
// when the visitor reaches for it — pointer over, touch or focus on the button start the download,
// the click opens it (docs/decisions/011).
const loadSideMenu = () => import('./SideMenu');
const SideMenuImpl = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));

function preload() {
  loadSideMenu().catch(() => {
    // tried again on click; a failed chunk surfaces there (and reloads, lib/chunk-reload.ts)
  });
}

/** The button as the drawer's closed trigger renders it, starting the download when reached for. */
function StandInButton({ onOpen }: { onOpen?: () => void }) {
  return (
    <MenuButton
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={onOpen}
    />
  );
}

/**
 * Opens the drawer once it has mounted: the drawer closes itself when it mounts (it closes on
 * every navigation), and this effect runs after its own.
 */
function OpenWhenMounted({ onOpened }: { onOpened: () => void }) {
  useEffect(() => {
    useMenuStore.getState().setOpen(true);
    onOpened();
  }, [onOpened]);
  return null;
}

/** The side menu (./SideMenu), loaded on first use. */
export function LazySideMenu() {
  const [wanted, setWanted] = useState(false);
  const [opening, setOpening] = useState(false);
  if (!wanted) {
    return (
      <StandInButton
        onOpen={() => {
          setWanted(true);
          setOpening(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<StandInButton />}>
      <SideMenuImpl />
      {opening ? <OpenWhenMounted onOpened={() => setOpening(false)} /> : null}
    </Suspense>
  );
}
