import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"

export class FileNotFound extends Schema.TaggedError<FileNotFound>()(
  "FileNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such file." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No file with this id in this account, or a link that is not the platform's (`file_not_found`)."
  })
) {}

export class FileLinkExpired extends Schema.TaggedError<FileLinkExpired>()(
  "FileLinkExpired",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "This file's link has expired; open the conversation again for a fresh one."
    })
  },
  HttpApiSchema.annotations({ status: 410, description: "The link's time is over (`file_link_expired`)." })
) {}

export class FileTooLarge extends Schema.TaggedError<FileTooLarge>()(
  "FileTooLarge",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 413,
    description: "The file is larger than the account allows (`file_too_large`); nothing was stored."
  })
) {}

export class FileTypeNotAllowed extends Schema.TaggedError<FileTypeNotAllowed>()(
  "FileTypeNotAllowed",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 415,
    description:
      "The file's type, decided from its bytes, is not among the kinds the account allows (`file_type_not_allowed`); nothing was stored."
  })
) {}

export class FileLimitReached extends Schema.TaggedError<FileLimitReached>()(
  "FileLimitReached",
  { message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description: "The conversation, or the account's library, holds the most files it may (`file_limit_reached`)."
  })
) {}
