/** Express's "trust proxy" setting (TRUST_PROXY): a boolean, a hop count, or addresses/subnets/names. */
export type TrustProxy = boolean | number | string[];
