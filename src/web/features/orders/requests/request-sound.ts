import { useSyncExternalStore } from 'react';

/**
 * The sound of a new order request: a short two-note tone made with the Web
 * Audio API (no audio file), played only while the person has turned it on on this device. Browsers
 * start audio only after a tap or a key press on the page, so turning it on (a tap) also unlocks it,
 * and when it was left on from an earlier visit the first tap anywhere does.
 */

const SOUND_KEY = 'brigade.orderRequests.sound';
const listeners = new Set<() => void>();
let soundOn = readStored();
let context: AudioContext | null = null;

function readStored(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same device turned it on or off.
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== SOUND_KEY) return;
    soundOn = readStored();
    notify();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Whether the request sound is on, and a setter (call it from a tap, so audio is unlocked). */
export function useRequestSound(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => soundOn,
    () => false,
  );
  return [on, setRequestSound];
}

export function setRequestSound(on: boolean): void {
  soundOn = on;
  try {
    window.localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; it still holds until the page is closed.
  }
  if (on) {
    unlockAudio();
    // Heard at once: the person knows what a new request will sound like, and that it works.
    playTone();
  }
  notify();
}

function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
}

/** Starts (or resumes) the audio context; works only inside a tap or a key press. */
export function unlockAudio(): void {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => {});
}

/**
 * Until audio is unlocked, the first tap or key press on the page unlocks it when the sound is on.
 * Returns the clean-up.
 */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    if (!soundOn) return;
    unlockAudio();
    if (context?.state === 'running') stop();
  };
  const stop = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return stop;
}

/** The new-request tone, when the sound is on. */
export function playRequestSound(): void {
  if (soundOn) playTone();
}

/** Two short notes (A5, then E6), about a third of a second in all. */
function playTone(): void {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  for (const [index, frequency] of [880, 1319].entries()) {
    const at = start + index * 0.16;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.16);
  }
}
