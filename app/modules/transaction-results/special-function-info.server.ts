import { getDb } from "~/db/db.server";
import { INFO_NOT_AVAILABLE, parseScriptNumber, type SpecialFunctionInfo, type SpecialFunctionInfoAnswer } from "./special-function-info";

/** The published info of a special function, or null when there is none (or the number is not one). */
export async function findSpecialFunctionInfo(scriptNumber: string): Promise<SpecialFunctionInfo | null> {
  if (parseScriptNumber(scriptNumber) === null) return null;
  const row = await getDb()
    .selectFrom("specialFunctionInfo")
    .select(["title", "description", "precondition", "failureReasons"])
    .where("scriptNumber", "=", scriptNumber)
    .executeTakeFirst();
  if (!row) return null;
  return {
    title: row.title,
    description: row.description ?? "",
    precondition: row.precondition ?? "",
    failureReasons: row.failureReasons ?? "",
  };
}

export async function specialFunctionInfoAnswer(scriptNumber: string): Promise<SpecialFunctionInfoAnswer> {
  const info = await findSpecialFunctionInfo(scriptNumber);
  return info ? { scriptNumber, info, message: null } : { scriptNumber, info: null, message: INFO_NOT_AVAILABLE };
}
