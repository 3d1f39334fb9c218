import { clsx } from 'clsx';
import { Volume2, VolumeX } from 'lucide-react';
import { Switch } from '../../../components/ui/switch-field';
import { useRequestSound } from './request-sound';

/** The request sound's switch on the requests page. */
export function RequestSoundSwitch({ className }: { className?: string }) {
  const [on, setOn] = useRequestSound();
  return (
    <Switch
      checked={on}
      onChange={setOn}
      label="Sound for new requests"
      description={
        on ? 'A short tone plays when a request arrives.' : 'Turn on to hear a tone when a request arrives.'
      }
      className={className}
    />
  );
}

/** The same choice in the dark staff navigation: one small button, "Turn on sound" or "Sound on". */
export function RequestSoundNavButton() {
  const [on, setOn] = useRequestSound();
  const Icon = on ? Volume2 : VolumeX;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      title={on ? 'Sound on for new requests: tap to turn it off' : 'Turn on sound for new requests'}
      onClick={() => setOn(!on)}
      className={clsx(
        'flex h-8 w-full items-center gap-3 rounded-lg px-3 text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white',
        on
          ? 'text-emerald-300 hover:bg-neutral-800'
          : 'text-neutral-400 hover:bg-neutral-800 hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{on ? 'Sound on' : 'Turn on sound'}</span>
    </button>
  );
}
