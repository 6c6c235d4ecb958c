/**
 * What a provider's lists may hold (platform spec §7: options for makes, scan types, scan-perform
 * types, procedures and billing rules come from the configuration store), client-safe for the forms.
 */
export interface ChoiceOption {
  code: string;
  label: string;
}

export interface BillingRuleOption {
  ruleId: string;
  ruleDesc: string;
  params: { paramName: string; paramLabel: string }[];
}

export interface ProviderChoices {
  makes: ChoiceOption[];
  scanTypes: ChoiceOption[];
  scanPerformTypes: ChoiceOption[];
  procedures: ChoiceOption[];
  billingRules: BillingRuleOption[];
}
