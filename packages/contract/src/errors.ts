import { z } from 'zod';

/**
 * Error keys sent on the wire in { status, key, args, message }. Each is a translation key
 * (errors namespace) in all four languages. Keys from the spec's catalogues keep their names.
 */
export const errorKeys = [
  // HTTP and platform
  'invalidInput',
  'malformedJson',
  'payloadTooLarge',
  'webAppNotBuilt',
  'notSignedIn',
  'invalidLoginDetails',
  'requestForbidden',
  'notFound',
  'oldVersion',
  'optimisticLockConflict',
  'idempotencyKeyConflict',
  'internalServerError',
  'unknownNetworkError',
  'networkErrorTooManyRetries',
  'licenseExpired',
  // auth
  'authenticationCodeRequired',
  'invalidAuthenticationCode',
  'twoFactorNotConfigured',
  'ipAddressBlocked',
  'sessionExpired',
  'transferTokenInvalid',
  'canNotTakeOverSessionToUnnamedDevice',
  'insufficientRoles',
  // manager verification and printer choice (issue 6)
  'noManagerLoggedIn',
  'noPintersAvailable',
  // users
  'usernameTaken',
  'unknownUser',
  'passwordTooShort',
  'passwordsShouldMatch',
  'changingPasswordNotAllowed',
  'canNotRaiseOwnRoles',
  'canNotGrantRolesYouDoNotHave',
  'unknownRole',
  'apiKeyLabelRequired',
  // config and translations
  'unknownLanguage',
  'unknownTranslationFile',
  'invalidSetting',
  // config setup
  'alreadyConfigured',
  // auth and IP rules
  'ldapNotConfigured',
  'ipAddressNotBlocked',
  // users, API keys, sessions (users helper)
  'canNotManageAdminUser',
  // sign-in and password hardening (issue 14)
  'accountSigninBlocked',
  'authenticationCodeAlreadyUsed',
  'currentPasswordRequired',
  'currentPasswordIncorrect',
  'passwordTooCommon',
  'passwordIsUsername',
  'canNotCreateApiKeyForOtherUser',
  // session takeover
  'tooManyRequests',
  'canNotTakeOverOwnSession',
  'devicePairingRequired',
  // printers and labels (issue 4)
  'unknownPrinter',
  'printerNameTaken',
  'printTypeNotSupported',
  'labelFormatNotSupported',
  'printerHostRequired',
  'printerFolderOutsideOutput',
  'noPrinterSelected',
  'printerUnreachable',
  'printerNeedsBrowserSession',
  'printFailed',
  // items (issue 4)
  'unknownItemForCode',
  'noBarcodeFound',
  'barcodeInUse',
  'unknownWarehouse',
  'itemAlreadyManagedBy',
  'imageTypeNotAllowed',
  'imageTooLarge',
  // bin locations and lookups (issue 4)
  'unknownLocation',
  'invalidCountingStateTransition',
  'locationIsNotMobile',
  'unknownBatch',
  'unknownSerial',
  'unknownBusinessPartner',
  'unknownOrder',
  'unknownCustomGrid',
  // stock service
  'notEnoughAvailableStock',
  // stock transfer (issue 5)
  'notEnoughSerialsAvailable',
  'canNotMoveQcAndNonQcInSameTransfer',
  'canOnlyMoveBlockForQcToBulkMobileOrQcTypes',
  'canOnlyMoveQcItemsToEmptyLocations',
  'tooManyItemsInLiquidContainer',
  'tooManyItemsInSingleItemLocation',
  'stockMovementRestricted',
  'stockMovementsBlocked',
  'itemIsNotAllowed',
  'sameSourceAndTarget',
  'idempotencyKeyRequired',
  'nothingToMove',
  // media library and attachments (issue 6, capture)
  'noGroupSelectedForLibrary',
  'invalidPath',
  'invalidFileName',
  'attachmentTypeNotAllowed',
  'attachmentContentMismatch',
  'attachmentTooLarge',
  'fileAlreadyExists',
  'malformedUpload',
  'albumContentsTooLarge',
  'uploadQuotaExceeded',
  'uploadFileCountExceeded',
  'tooManyUploadsInProgress',
  // work time and production orders (issue 6, worktime)
  'operationCompletedWithErrors',
  'unknownWorkTimeEntry',
  'workTimeAlreadyFlushed',
  'workTimeAlreadyRunning',
  'workTimeNotRunning',
  'workTimeStillRunning',
  'workCenterRequired',
  'workOrderNotReleased',
  'negativeWorkTimeQuantity',
  'unknownWorkOrderPlan',
  'warehouseInactive',
  // user tasks, templates and worked time (issue 6, tasks)
  'unknownUserTask',
  'unknownUserTaskTemplate',
  'unknownUserTaskButton',
  'userTaskNotShared',
  'userTaskFinished',
  'claimedByOtherUser',
  'workedTimeAlreadyRunning',
  'noRunningWorkedTime',
  'unknownWorkedTime',
  'finishedBeforeStarted',
  'workedTimeInFuture',
  // claims (issue 16)
  'claimNotFound',
  'claimObjectNotInClaim',
  'claimRequired',
  'claimRemovedByManager',
  // ERP outbox (issue 16)
  'unknownOutboxEntry',
  'outboxEntryNotDead',
  // documents: status changes and attachments (issue 16)
  'unknownDocument',
  'invalidStatusTransition',
  'unknownDocumentAttachment',
  'documentAttachmentLimitReached',
  // GS1 barcodes (issue 14, point 20)
  'gs1InvalidDate',
  'gs1ZeroCount',
  'gs1ConflictingValues',
  'gs1InvalidCombination',
  'gs1MissingCompanion',
  // goods sorting (issue 16)
  'destinationNeedsConfirmation',
  'enforcedDefaultLocation',
  'kardexFilledThroughStorageApp',
  // goods receipt: settings and over-receipt rules (issue 16)
  'overReceiptNeedsConfirmation',
  'overReceiptNeedsManager',
  'overReceiptNotAllowed',
  'quantityLooksWrong',
  'stagingLocationOutsideWarehouse',
  // goods receipt (issue 16)
  'itemNotOnOrder',
  'batchRequired',
  'expirationDateRequired',
  'manufacturingDateRequired',
  'manufacturingBatchRequired',
  'manufacturingSerialRequired',
  'batchAlreadyExpired',
  'batchExistsWithOtherExpiry',
  'serialAlreadyExists',
  'serialRequired',
  'receiptAlreadyFinished',
  'sourceChangedBelowProgress',
  'qcStockNeedsQcLocation',
  'unknownReceiptEntry',
  'documentNotReceivable',
  'nothingReceived',
  'locationNotInWarehouse',
  'noReceiptLocation',
  'tooManyLabels',
  // finished goods receipt (issue 16)
  'unknownProductionOrder',
  'moreThanProducedQuantity',
  // goods returns (issue 16)
  'batchSerialNotDeliveredToCustomer',
  'returnQuantityExceedsDelivered',
  'returnConditionRequired',
  'returnAlreadyFlushed',
  'returnTargetLocationMissing',
  'createReturnNotAllowed',
  'salesOrderNotDelivered',
  'unknownReturnEntry',
] as const;
export type ErrorKey = (typeof errorKeys)[number];

const errorKeySet: ReadonlySet<string> = new Set(errorKeys);

/** Whether a value is a key of the error catalogue (an answer's key is checked before it is trusted). */
export const isErrorKey = (value: unknown): value is ErrorKey => typeof value === 'string' && errorKeySet.has(value);

/** A translation key with its namespace, e.g. `errors:requestForbidden` or `platform:noTranslationHere`. */
export type TranslationKey = `${string}:${string}`;

export const apiErrorSchema = z.object({
  status: z.number().int(),
  key: z.string(),
  args: z.record(z.string(), z.unknown()),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
