import { useEffect, useRef, useState } from "react";
import { readJson } from "~/lib/read-json";
import { specialFunctionInfoUrl } from "~/modules/transaction-results/links";
import { parseScriptNumber, type SpecialFunctionInfo, type SpecialFunctionInfoAnswer } from "~/modules/transaction-results/special-function-info";
import type { OpenSpecialFunction } from "~/modules/transaction-results/view-results";

export interface SpecialFunctionPanels {
  /** The script number whose panel is open (one at a time). */
  expanded: string | null;
  /** True while an info is being loaded; the other panels wait. */
  loading: boolean;
  /** The loaded info (null: none published, or it could not be read), or undefined while not loaded. */
  infoOf(scriptNumber: string): SpecialFunctionInfo | null | undefined;
  toggle(scriptNumber: string): void;
}

/**
 * The special functions' info panels with JavaScript: opening one loads its info on demand from
 * the info route, one at a time. The server may have rendered one open already (?sf=), with its
 * info. An info that could not be read is asked for again when its panel opens again.
 */
export function useSpecialFunctionPanels(scanRequestId: number, initial: OpenSpecialFunction | null): SpecialFunctionPanels {
  const [expanded, setExpanded] = useState<string | null>(initial?.scriptNumber ?? null);
  const [answers, setAnswers] = useState<Record<string, SpecialFunctionInfo | null>>(initial ? { [initial.scriptNumber]: initial.info } : {});
  const [unread, setUnread] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const asking = useRef<AbortController | null>(null);
  useEffect(() => () => asking.current?.abort(), []);

  function load(scriptNumber: string) {
    const asked = new AbortController();
    asking.current = asked;
    setLoading(true);
    setUnread((known) => new Set([...known].filter((number) => number !== scriptNumber)));
    readJson<SpecialFunctionInfoAnswer>(specialFunctionInfoUrl(scanRequestId, scriptNumber), asked.signal)
      .then((answer) => setAnswers((known) => ({ ...known, [answer.scriptNumber]: answer.info })))
      .catch(() => {
        if (!asked.signal.aborted) setUnread((known) => new Set([...known, scriptNumber]));
      })
      .finally(() => {
        if (!asked.signal.aborted) setLoading(false);
      });
  }

  return {
    expanded,
    loading,
    infoOf: (scriptNumber) =>
      Object.hasOwn(answers, scriptNumber) ? answers[scriptNumber] : unread.has(scriptNumber) || parseScriptNumber(scriptNumber) === null ? null : undefined,
    toggle(scriptNumber) {
      if (expanded === scriptNumber) {
        setExpanded(null);
        return;
      }
      if (loading) return;
      setExpanded(scriptNumber);
      if (!Object.hasOwn(answers, scriptNumber) && parseScriptNumber(scriptNumber) !== null) load(scriptNumber);
    },
  };
}
