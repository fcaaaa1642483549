import { Toaster } from 'sonner';
import { useAccessibility } from '../features/accessibility/useAccessibility';
import { useTutorialOpen } from '../features/tutorial/tutorialOpen';
import { useMediaQuery } from '../lib/useMediaQuery';

/** sonner's phone layout (full width at the bottom) starts at this width. */
const PHONE = '(max-width: 600px)';

/**
 * sonner's defaults are the product's toast constants: bottom-right, 4000 ms, 3 visible, 356 px
 * wide, 14 px gap, Alt+T. On a phone the tutorial card spans the bottom of the screen, so while it
 * is open toasts show at the top instead of over its buttons.
 */
export function ThemedToaster() {
  const { settings } = useAccessibility();
  const phone = useMediaQuery(PHONE);
  const tutorialOpen = useTutorialOpen();
  return (
    <Toaster
      position={phone && tutorialOpen ? 'top-center' : 'bottom-right'}
      richColors
      closeButton
      theme={settings.darkMode ? 'dark' : 'light'}
    />
  );
}
