import type { GridParam } from "./definition";

/**
 * `trust=Y`, the switch that shows a grid's trust actions (dashboards spec §2.4, §2.5: "only when
 * the URL query parameter trust equals Y"): Y and nothing else. It acts only while the address says
 * so: never remembered, never carried off the page (GridParam.remembered, decision 0063). It grants
 * nothing: each action checks its permission, and refuses a post whose address lacks it.
 */
export const TRUST_PARAM = "trust";
export const TRUST_ON = "Y";

export const trustSwitch: GridParam = {
  id: TRUST_PARAM,
  label: "Trust",
  parse: (raw) => (raw === TRUST_ON ? TRUST_ON : null),
  remembered: false,
};

/** A row action's `shownWhen`: offered only under trust=Y. */
export const onlyTrusted = { param: TRUST_PARAM, value: TRUST_ON } as const;
