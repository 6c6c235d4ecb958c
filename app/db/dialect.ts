/** The two databases the portal runs on. */
export type DialectName = "sqlite" | "postgres";
