import { Toaster } from 'sonner';
import { useAccessibility } from '../features/accessibility/useAccessibility';

/** sonner's defaults are the product's toast constants: bottom-right, 4000 ms, 3 visible, 356 px wide, 14 px gap, Alt+T. */
export function ThemedToaster() {
  const { settings } = useAccessibility();
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      theme={settings.darkMode ? 'dark' : 'light'}
    />
  );
}
