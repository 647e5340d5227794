/**
 * Plays a call recording with the browser's own controls, so it works without
 * JavaScript. `startAt` uses a media fragment (#t=) so a link to a moment
 * works without script too. Owned by the recording-detail work: it adds the
 * playback-speed control and download link when scripts run.
 */
export function AudioPlayer({ callId, startAt, label }: { callId: string; startAt?: number; label: string }) {
  const src = `/recordings/${callId}/audio${startAt ? `#t=${startAt}` : ""}`;
  return <audio controls preload="none" src={src} aria-label={label} className="h-9 w-full max-w-xs" />;
}
