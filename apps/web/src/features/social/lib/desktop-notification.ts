/**
 * Browser desktop notifications: asked for once, at a user gesture (browsers ignore or penalise asking
 * at load). Shown only while the page is not in front: in front, the bell and the alerts say it already.
 */
export function askDesktopPermission() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Promise.resolve(Notification.requestPermission()).catch(() => undefined);
}

export function showDesktopNotification({
  title,
  body,
  onClick,
}: {
  title: string;
  body?: string;
  onClick?: () => void;
}) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  try {
    const notification = new Notification(title, { body });
    notification.onclick = () => {
      window.focus();
      onClick?.();
      notification.close();
    };
  } catch {
    /* Some mobile browsers only allow notifications from a service worker. */
  }
}
