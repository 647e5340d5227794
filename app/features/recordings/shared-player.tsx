import { useTranslation } from "~/i18n/react";
import { CloseButton } from "~/components/ui/close-button";
import { AudioPlayer } from "./audio-player";

export interface NowPlaying {
  callId: string;
  title: string;
  subtitle: string;
  /** The audio element's accessible name. */
  label: string;
}

/**
 * The one player of the recordings list (JavaScript only: without it each
 * row's play button leads to the call's page, which has its own player). It
 * stays at the bottom of the window while the list scrolls, and a new row's
 * play button replaces what it plays instead of starting a second sound.
 */
export function SharedPlayer({ playing, onClose }: { playing: NowPlaying; onClose: () => void }) {
  const { t } = useTranslation("recordings");
  return (
    <section
      aria-label={t("player.playing")}
      data-testid="shared-player"
      className="sticky bottom-0 z-20 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6 dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("player.playing")}</p>
          <p className="truncate text-sm font-semibold">{playing.title}</p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-300">{playing.subtitle}</p>
        </div>
        {/* Keyed by the call so a new choice starts a fresh element (and its speed and error state). */}
        <AudioPlayer key={playing.callId} callId={playing.callId} label={playing.label} autoPlay className="min-w-0 flex-[2_1_18rem]" />
        <CloseButton label={t("player.close")} onClick={onClose} />
      </div>
    </section>
  );
}
