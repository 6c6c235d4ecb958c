import { log } from "~/lib/logger.server";
import { exportSlots, isRefusal, type ExportRefusal, type ExportSlot } from "./export-slots.server";

/** What a refused export's Retry-After says: a whole-table export at 1,000,000 rows takes about a minute. */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

export function refusalMessage(refusal: ExportRefusal): string {
  if (refusal.refused === "user") {
    const { perUser } = refusal.limits;
    return perUser === 1
      ? "You already have an export downloading. Wait for it to finish, then try again."
      : `You already have ${perUser} exports downloading. Wait for one of them to finish, then try again.`;
  }
  return `Too many exports are downloading right now. Try again in ${EXPORT_RETRY_AFTER_SECONDS} seconds.`;
}

function tooManyExports(refusal: ExportRefusal): Response {
  return new Response(`${refusalMessage(refusal)}\n`, {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(EXPORT_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The body's bytes unchanged, pulled only when the response asks (backpressure stays), with the
 * slot released when the body has ended, has failed, or is abandoned: cancelled by the writer or
 * the client gone (the request's signal, also when it went before the body started).
 */
function releasingWhenDone(body: ReadableStream<Uint8Array>, slot: ExportSlot, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const done = () => {
    signal.removeEventListener("abort", abandon);
    slot.release();
  };
  function abandon() {
    done();
    reader.cancel().catch(() => undefined);
  }
  signal.addEventListener("abort", abandon, { once: true });
  if (signal.aborted) abandon();

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          done();
          controller.error(error);
          return;
        }
        if (next.done) {
          done();
          controller.close();
        } else {
          controller.enqueue(next.value);
        }
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * An export download within the limits of concurrent exports (per user and in total; see
 * export-slots.server.ts): a slot is taken before `start` runs the query, and held until the
 * download is over, however it ends. Beyond a limit the answer is 429 with a message and
 * Retry-After, and nothing is read from the database.
 */
export async function limitedExport(request: Request, userId: string, start: () => Promise<Response>): Promise<Response> {
  const slot = exportSlots().take(userId);
  if (isRefusal(slot)) {
    log.info("An export was refused: too many exports are downloading", { limit: slot.refused, ...slot.limits });
    return tooManyExports(slot);
  }
  let response: Response;
  try {
    response = await start();
  } catch (error) {
    slot.release();
    throw error;
  }
  if (!response.body) {
    slot.release();
    return response;
  }
  return new Response(releasingWhenDone(response.body, slot, request.signal), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
