/** A Feedbacks/Errors record expanded (dashboards spec §2.3), client-safe. */

/**
 * The id of the opened file's box: a preview link ends in it, so without JavaScript the reloaded
 * page lands on the file, however far down the grid the record is.
 */
export const ERROR_FILE_ANCHOR = "error-file";
export interface ErrorFileLink {
  id: number;
  fileName: string;
  /** The expanded row with this file's preview open. */
  previewHref: string;
  downloadHref: string;
}

/** What the preview shows: the picture, the text (cut at a limit), or only the download. */
export type ErrorFilePreview =
  | { kind: "image"; file: ErrorFileLink; src: string; closeHref: string }
  | { kind: "text"; file: ErrorFileLink; text: string; cut: boolean; closeHref: string }
  | { kind: "download"; file: ErrorFileLink; closeHref: string };

export interface ErrorRecordDetail {
  errorId: number;
  transactionId: string;
  shopId: string;
  errorCode: string;
  errorOrigin: string;
  errorType: string;
  userId: string;
  component: string;
  host: string;
  providerId: string;
  severity: string;
  message: string;
  details: string;
  files: ErrorFileLink[];
  preview: ErrorFilePreview | null;
}

/** Text previews show at most this much of a file. */
export const TEXT_PREVIEW_BYTES = 256 * 1024;
