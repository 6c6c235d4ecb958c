import { CREATE_FORM_FIELDS, type CreateFormPageData } from "~/write-path/create-form";

/** An Add form's own hidden fields: the grid page to go back to and the form's one-time token (decision 0079). */
export function CreateFormFields({ page }: { page: CreateFormPageData }) {
  return (
    <>
      <input type="hidden" name={CREATE_FORM_FIELDS.returnTo} value={page.returnTo} />
      <input type="hidden" name={CREATE_FORM_FIELDS.token} value={page.token} />
    </>
  );
}
