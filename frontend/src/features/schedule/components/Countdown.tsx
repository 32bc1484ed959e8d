import { useEffect, useState } from 'react';
import { countdownText } from '../fixture-time';

/** Time left until `startsAt`, ticking each second; "Live now" once it has started. */
export function Countdown({ startsAt }: { startsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const text = countdownText(startsAt, now);
  // The seconds change every second: a screen reader reads the start time instead (FixtureCard).
  return (
    <span className="fixture-countdown" aria-hidden="true">
      {text ?? 'Live now'}
    </span>
  );
}
