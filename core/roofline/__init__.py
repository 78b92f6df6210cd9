"""Where an operation sits under the roofline: the accelerator database (dense peaks per dtype,
bandwidth, memory, with sources), operator costs (FLOPs, bytes read and written) and the roofline math
(attainable rate, ridge, predicted time, best MFU).

Modules
-------
hardware      the device database and the user's own devices file
user_devices  saving a person's own devices without losing what is there
ops           operator costs, with every counting convention stated once
bounds        ceilings, attainable rate, ridge point, predicted time, measured points
utilization   MFU and HFU, each defined once (which FLOPs a step's utilization counts)
"""

from typing import TYPE_CHECKING

from core.lazy import lazy_exports

if TYPE_CHECKING:
    from core.roofline.bounds import (
        VECTOR_DTYPE,
        Ceiling,
        MeasuredPoint,
        RooflineResult,
        attainable,
        ceilings,
        evaluate,
        evaluate_raw,
        measured_from_dict,
        mfu_bound,
        predicted_time,
        ridge,
        roof_polyline,
        vector_ceiling,
    )
    from core.roofline.hardware import (
        DTYPE_BYTES,
        DTYPES,
        SCHEMA_VERSION,
        Device,
        DeviceCatalog,
        builtin_devices,
        device_from_dict,
        load_catalog,
        user_devices_path,
        validate_dtype,
    )
    from core.roofline.ops import (
        MAX_SIZE,
        OP_NAMES,
        OP_SIZES,
        OpCost,
        custom_cost,
        einsum_cost,
        op_cost,
        parse_op_spec,
    )
    from core.roofline.user_devices import (
        remove_user_device,
        save_user_device,
    )

__all__ = [
    "DTYPES",
    "DTYPE_BYTES",
    "MAX_SIZE",
    "OP_NAMES",
    "OP_SIZES",
    "SCHEMA_VERSION",
    "VECTOR_DTYPE",
    "Ceiling",
    "Device",
    "DeviceCatalog",
    "MeasuredPoint",
    "OpCost",
    "RooflineResult",
    "attainable",
    "builtin_devices",
    "ceilings",
    "custom_cost",
    "device_from_dict",
    "einsum_cost",
    "evaluate",
    "evaluate_raw",
    "load_catalog",
    "measured_from_dict",
    "mfu_bound",
    "op_cost",
    "parse_op_spec",
    "predicted_time",
    "remove_user_device",
    "ridge",
    "roof_polyline",
    "save_user_device",
    "user_devices_path",
    "validate_dtype",
    "vector_ceiling",
]

# Each submodule is imported when one of its names is first used (see core.lazy).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "bounds": (
            "VECTOR_DTYPE",
            "Ceiling",
            "MeasuredPoint",
            "RooflineResult",
            "attainable",
            "ceilings",
            "evaluate",
            "evaluate_raw",
            "measured_from_dict",
            "mfu_bound",
            "predicted_time",
            "ridge",
            "roof_polyline",
            "vector_ceiling",
        ),
        "hardware": (
            "DTYPE_BYTES",
            "DTYPES",
            "SCHEMA_VERSION",
            "Device",
            "DeviceCatalog",
            "builtin_devices",
            "device_from_dict",
            "load_catalog",
            "user_devices_path",
            "validate_dtype",
        ),
        "ops": (
            "MAX_SIZE",
            "OP_NAMES",
            "OP_SIZES",
            "OpCost",
            "custom_cost",
            "einsum_cost",
            "op_cost",
            "parse_op_spec",
        ),
        "user_devices": (
            "remove_user_device",
            "save_user_device",
        ),
    },
    __all__,
)
