import { Link } from "@remix-run/react";

/**
 * The actions of one recording in the list. Each one is a page of its own
 * (confirmation, feedback form) so it works without JavaScript; returnTo
 * brings the user back to the exact list view. Owned by the recording-detail
 * work, which turns them into dialogs when scripts run.
 */
export function RecordingRowActions({ callId, returnTo, labels }: { callId: string; returnTo: string; labels: { open: string; feedback: string; delete: string } }) {
  const back = `?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <div className="flex flex-wrap gap-2 text-sm">
      <Link to={`/recordings/${callId}`} className="underline">
        {labels.open}
      </Link>
      <Link to={`/recordings/${callId}/feedback${back}`} className="underline">
        {labels.feedback}
      </Link>
      <Link to={`/recordings/${callId}/delete${back}`} className="text-red-700 underline dark:text-red-400">
        {labels.delete}
      </Link>
    </div>
  );
}
