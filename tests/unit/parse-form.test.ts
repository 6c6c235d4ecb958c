import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newProviderSchema } from "~/modules/providers/provider-rules";
import { parseForm } from "~/write-path/parse-form.server";

function form(intent: string): FormData {
  const data = new FormData();
  data.append("providerName", "Acme");
  data.append("routings[0].routingName", "a");
  data.append("__intent__", intent);
  return data;
}

/** What a hand-made control intent gets: a submission, or the 400 answer; never another error. */
async function outcomeOf(intent: string): Promise<"parsed" | 400> {
  try {
    const submission = parseForm(form(intent), newProviderSchema);
    submission.reply();
    return "parsed";
  } catch (error) {
    if (error instanceof Response) return error.status as 400;
    throw error;
  }
}

describe("parseForm", () => {
  it("answers a control intent it cannot read with 400, and reads the portal's own", async () => {
    for (const bad of ["1", "{", "{}", "null", '{"type":"insert"}', "[]"]) expect(await outcomeOf(bad), bad).toBe(400);
    const insert = parseForm(form(JSON.stringify({ type: "insert", payload: { name: "routings" } })), newProviderSchema);
    expect(insert.status).toBeUndefined();
    expect((insert.reply().initialValue?.routings as unknown[]).length).toBe(2);
  });

  it("never throws anything but the 400 answer for generated control intents", async () => {
    const payload = fc.record(
      {
        name: fc.oneof(fc.constantFrom("routings", "providerName", "routings[0]", "", "a.b[3]"), fc.string()),
        index: fc.oneof(fc.integer({ min: -3, max: 5 }), fc.string()),
        from: fc.integer(),
        to: fc.integer(),
        value: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    const intent = fc.oneof(
      fc
        .record({ type: fc.constantFrom("validate", "update", "reset", "insert", "remove", "reorder", "other"), payload })
        .map((value) => JSON.stringify(value)),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(intent, async (text) => {
        expect(["parsed", 400]).toContain(await outcomeOf(text));
      }),
      { numRuns: 300 },
    );
  });
});
