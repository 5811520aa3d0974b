// The session's form key, below every module that sends a change: the API client puts it in a
// header, the behaviour log's beacon (which cannot carry headers) in its body.
let formKey: string | null = null;

/** The session's form key, sent with every change; set whenever user info arrives. */
export function setFormKey(key: string | null) {
  formKey = key;
}

/** The form key for requests made outside the API client's `call` (uploads, the log's beacon). */
export const currentFormKey = () => formKey;
