import { useCallback, useEffect, useRef, useState, type MutableRefObject } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/components/ui/use-hydrated";

// Kept where it was for the modules that import it from the player; it lives apart so a screen can show a moment without the player's translations.
export { formatClock } from "./clock";

export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

export function audioUrl(callId: string) {
  return `/recordings/${encodeURIComponent(callId)}/audio`;
}

/**
 * Plays a call recording with the browser's own controls, so it works without
 * JavaScript. `startAt` uses a media fragment (#t=) so a link to a moment
 * works without script too; with script the start is also applied once the
 * metadata has loaded, for browsers that ignore the fragment. Scripts add
 * playback speed, a download link and an inline message when the audio
 * cannot be loaded.
 */
export function AudioPlayer({
  callId,
  startAt,
  label,
  audioRef,
  className,
  autoPlay = false,
}: {
  callId: string;
  /** Starts playing at once: the list's shared player, opened by a click on a row's play button. */
  autoPlay?: boolean;
  startAt?: number;
  label: string;
  /** Lets a page seek the player (the detail page's transcript does). */
  audioRef?: MutableRefObject<HTMLAudioElement | null>;
  className?: string;
}) {
  const { t } = useTranslation("recording");
  const hydrated = useHydrated();
  const element = useRef<HTMLAudioElement | null>(null);
  const [rate, setRate] = useState<number>(1);
  const [failed, setFailed] = useState(false);
  const start = startAt !== undefined && Number.isFinite(startAt) && startAt > 0 ? startAt : undefined;
  const src = `${audioUrl(callId)}${start ? `#t=${start}` : ""}`;

  const setElement = useCallback(
    (node: HTMLAudioElement | null) => {
      element.current = node;
      if (audioRef) audioRef.current = node;
    },
    [audioRef],
  );

  useEffect(() => {
    setFailed(false);
  }, [src]);

  function applyStart() {
    const audio = element.current;
    // Only when nothing has moved the playhead yet (the fragment, or a seek from the page, already did).
    if (audio && start && audio.currentTime < 0.01) audio.currentTime = start;
  }

  function chooseRate(value: number) {
    setRate(value);
    const audio = element.current;
    if (audio) {
      audio.defaultPlaybackRate = value;
      audio.playbackRate = value;
    }
  }

  return (
    <div className={cn("space-y-2", className)}>
      <audio
        ref={setElement}
        controls
        preload={autoPlay ? "auto" : "none"}
        autoPlay={autoPlay}
        src={src}
        aria-label={label}
        className="h-9 w-full max-w-md"
        onLoadedMetadata={applyStart}
        onError={() => setFailed(true)}
      />
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <div role="group" aria-label={t("audio.speed")} className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
            {PLAYBACK_RATES.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={rate === value}
                onClick={() => chooseRate(value)}
                className="px-2 py-1 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
              >
                {t("audio.rate", { rate: value })}
              </button>
            ))}
          </div>
          <a href={`${audioUrl(callId)}?download=1`} download className="underline">
            {t("audio.download")}
          </a>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("audio.loadFailed")}
        </p>
      ) : null}
    </div>
  );
}

/** The `?t=` of a detail link as a start time in seconds, or undefined when absent or not a sensible moment. */
export function parseStartSeconds(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,6}(\.\d{1,3})?$/.test(value.trim())) return undefined;
  const seconds = Number(value.trim());
  return seconds > 0 ? seconds : undefined;
}

/** The same length as an ISO 8601 duration, for <time dateTime>. */
export function isoDuration(totalSeconds: number) {
  return `PT${Math.max(0, Math.round(totalSeconds))}S`;
}
