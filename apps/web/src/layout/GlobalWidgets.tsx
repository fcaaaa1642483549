import { AccessibilityButton } from '../features/accessibility/AccessibilityPanel';
import { ChatLauncher } from '../features/chat/ChatLauncher';
import { TutorialHost } from '../features/tutorial/TutorialHost';
import { InstallBanner } from '../features/pwa/InstallBanner';
import { UpdateCard } from '../features/pwa/UpdateCard';

/** Floating and overlay elements present on every page (§2.8). */
export function GlobalWidgets() {
  return (
    <>
      <TutorialHost />
      <ChatLauncher />
      <AccessibilityButton />
      <InstallBanner />
      <UpdateCard />
    </>
  );
}
