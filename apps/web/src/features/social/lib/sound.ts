/**
 * The new-message sound: a short two-tone beep generated with WebAudio (no audio file to download), as loud as
 * the messenger volume. Browsers keep audio muted until the user interacts with the page, so the context is
 * created (and resumed) at the first click or key press.
 */
let context: AudioContext | null = null;

function audioContext() {
  if (context) return context;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** Unlocks audio at the first user gesture; returns the function that stops waiting (an effect's cleanup). */
export function unlockAudioOnGesture() {
  const stop = () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  const unlock = () => {
    void audioContext()
      ?.resume()
      .catch(() => undefined);
    stop();
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
  return stop;
}

export function playMessageSound(volume: number) {
  if (volume <= 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  const gain = ctx.createGain();
  const peak = 0.4 * (volume / 100);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
  gain.connect(ctx.destination);
  const tone = ctx.createOscillator();
  tone.type = 'sine';
  tone.frequency.setValueAtTime(880, start);
  tone.frequency.setValueAtTime(1318.5, start + 0.1);
  tone.connect(gain);
  tone.start(start);
  tone.stop(start + 0.32);
}
