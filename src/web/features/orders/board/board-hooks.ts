import { useCallback, useEffect, useState } from 'react';
import { STATIONS } from '../../../../shared/menu-catalog';
import { parseStationFilter, type StationFilter } from './board-model';

/** The current time, renewed every `intervalMs` (the cards' ages tick with it). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Calls `wake` at `at` (a time in ms; null: never) with the time it woke at, never before `at` (a timer
 * may fire a little early): something due at a known moment happens then, not at the next tick.
 */
export function useWakeAt(at: number | null, wake: (time: number) => void): void {
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => wake(Math.max(Date.now(), at)), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at, wake]);
}

const STATION_KEY = 'brigade.orderMonitor.station';

function readStoredStation(): StationFilter {
  try {
    return parseStationFilter(window.localStorage.getItem(STATION_KEY), STATIONS);
  } catch {
    // Storage refused (a private window's quota, a policy): the filter simply is not remembered.
    return 'all';
  }
}

/** The board's station filter, remembered on this device (a bar tablet stays on Bar). */
export function useStationFilter(): [StationFilter, (station: StationFilter) => void] {
  const [station, setStation] = useState(readStoredStation);
  const choose = useCallback((next: StationFilter) => {
    setStation(next);
    try {
      window.localStorage.setItem(STATION_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this screen.
    }
  }, []);
  return [station, choose];
}

/**
 * The Fullscreen API on the whole document (so that toasts and dialogs still show above the board);
 * `active` follows the browser, which also leaves full screen on Escape.
 */
export function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const follow = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);
  const toggle = useCallback(() => {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    // A refusal (no user gesture, a policy) leaves the board as it was.
    change.catch(() => {});
  }, []);
  return { supported, active, toggle };
}
