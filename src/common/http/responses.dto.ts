import { ApiProperty } from '@nestjs/swagger';

/** `{success, id}`: the answer of create and update calls on content records. */
export class SuccessWithIdResponse {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ example: '3f0f7a52-0c49-4d0f-9a43-2f7c1c6c9d10' })
  id: string;
}

/** `{success}`: the answer of deletes. */
export class SuccessResponse {
  @ApiProperty({ example: true })
  success: boolean;
}
